/** Issue 9 item 3: the fuzz suite over the player routes (see harness.ts). */
import { defineFuzzSuite } from './harness.js';

defineFuzzSuite('player routes', ['user', 'member']);
