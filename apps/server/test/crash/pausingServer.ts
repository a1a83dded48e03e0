/**
 * The server as `src/server.ts` starts it (same config, database, migrations, app and scheduler),
 * except that its draw transaction stops at PAUSE_AT — `draw` (the result stored, nothing settled
 * yet) or `settle` (every order settled and credited, not yet committed) — prints
 * `PAUSED <point> <round id>` and waits there, to be killed by the crash test.
 */
import { buildApp } from '../../src/app.js';
import type { RoundRow } from '../../src/domain/game/rounds.js';
import { openConfiguredData, pauseHere } from './pausing.js';

const point = process.env.PAUSE_AT;
if (point !== 'draw' && point !== 'settle') throw new Error('PAUSE_AT must be draw or settle');

const { config, database } = await openConfiguredData();
const app = await buildApp({ config, database, logger: false });
const pause = (round: RoundRow) => pauseHere(`${point} ${round.id}`);
if (point === 'draw') app.game.faults.afterDraw = pause;
else app.game.faults.afterSettle = pause;
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');
