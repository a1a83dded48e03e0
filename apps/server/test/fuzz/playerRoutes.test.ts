/** The fuzz suite over the players' calls, guests' included (see harness.ts). */
import { defineFuzzSuite } from './harness.js';

defineFuzzSuite('player routes', ['player', 'member']);
