/** Issue 9 item 3: the fuzz suite over the public and service routes (see harness.ts). */
import { defineFuzzSuite } from './harness.js';

defineFuzzSuite('public and service routes', ['public', 'service'], { strays: true });
