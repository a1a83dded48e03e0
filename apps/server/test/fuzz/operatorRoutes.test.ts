/** Issue 9 item 3: the fuzz suite over the operator routes (see harness.ts). */
import { defineFuzzSuite } from './harness.js';

defineFuzzSuite('operator routes', ['operator']);
