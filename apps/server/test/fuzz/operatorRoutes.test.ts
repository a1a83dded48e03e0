/** The fuzz suite over the operators' calls (see harness.ts). */
import { defineFuzzSuite } from './harness.js';

defineFuzzSuite('operator routes', ['operator']);
