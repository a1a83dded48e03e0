/** The fuzz suite over the public and service calls, the server's probes and requests that match no call (see harness.ts). */
import { defineFuzzSuite } from './harness.js';

defineFuzzSuite('public and service routes', ['public', 'service'], { strays: true });
