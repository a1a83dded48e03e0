/**
 * Reads from replicas (docs/operations.md, "Reads from replicas"): with DATABASE_READ_URL the
 * lag-tolerant public calls (fair/round, fair/chain) read the replicas' pool, and a player's own calls
 * here the primary; without it, or on the embedded PGlite, everything reads the primary. The history
 * reads by commit position: readYourWrites.test.ts.
 */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from './ports.js';
import { loadConfig } from '../../src/config.js';
import { openPostgres, openReadDatabase, type Database } from '../../src/db/client.js';
import { openTestDatabase, registerUser, usingPostgres, callApi } from '../helpers.js';
import { createGameApp } from '../game/kit.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { translate } from '@lucky28/shared';
import { listChains } from '../../src/domain/game/chains.js';

const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => {});
});

describe('DATABASE_READ_URL', () => {
  it('is read from the environment, off by default', () => {
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_READ_URL: 'postgres://lucky28@db-lb:5001/lucky28' }).databaseReadUrl).toBe('postgres://lucky28@db-lb:5001/lucky28');
  });

  it('is ignored on the embedded PGlite (no DATABASE_URL): no second pool', async () => {
    expect(await openReadDatabase({ databaseUrl: undefined, databaseReadUrl: 'postgres://postgres@127.0.0.1:1/x' })).toBeUndefined();
    expect(await openReadDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/x', databaseReadUrl: undefined })).toBeUndefined();
  });
});

describe('the lag-tolerant calls read the replicas, the others the primary', async () => {
  // The replicas unreachable: what reads them answers 503, what does not is untouched.
  const away = await openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/lucky28`, 2);
  opened.push(away);
  const { app, clock } = await createGameApp({ readDatabase: away });
  await app.game.init();
  await app.game.scheduler.tick();
  const issue = roundAt(clock.now(), app.game.settings).issue;

  it('fair/chain and fair/round go to the replicas', async () => {
    const chain = await callApi(app, api.fair.chain, { game_id: 7 });
    expect(chain.status).toBe(503);
    const round = await callApi(app, api.fair.round, { game_id: 7, issue });
    expect(round.status).toBe(503);
    expect(round.msg).toBe(translate('en', 'err.service_unavailable'));
  });

  it('a registration, a sign-in and a player’s own reads go to the primary', async () => {
    const player = await registerUser(app);
    const login = await callApi(app, api.user.login, { account: player.username, password: player.password });
    expect(login.code).toBe(1);
    const me = await callApi(app, api.user.userInfo, {}, { token: player.token });
    expect(me.code).toBe(1);
  });
});

// A hot standby is read-only: the calls are served from a read-only session on the same data.
if (usingPostgres)
  describe('on a read-only replica (PostgreSQL)', async () => {
    const primary = await openTestDatabase();
    // The primary's own database, read-only like a standby.
    const url = new URL(String((primary.pool as unknown as { options: { connectionString: string } }).options.connectionString));
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const replica = await openPostgres(url.toString(), 2);
    const { app, clock } = await createGameApp({ database: primary, readDatabase: replica });
    await app.game.init();
    await app.game.scheduler.tick();

    it('fair/chain and fair/round answer from it, the same as the primary holds', async () => {
      expect(replica.pool!.totalCount).toBe(0);
      const chain = await callApi(app, api.fair.chain, { game_id: 7 });
      expect(chain.code).toBe(1);
      const [first] = await listChains(app.db, 7);
      expect(chain.data.chains[0]).toEqual(first);
      const round = await callApi(app, api.fair.round, { game_id: 7, issue: roundAt(clock.now(), app.game.settings).issue });
      expect(round.code).toBe(1);
      expect(round.data.hash).toBe(chain.data.terminal_hash);
      expect(replica.pool!.totalCount).toBeGreaterThan(0);
    });
  });
