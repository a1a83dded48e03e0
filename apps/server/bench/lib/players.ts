/**
 * The bench's players: registered members funded the way real money arrives — a deposit request
 * with its screenshot, approved by an operator (domain/wallet/deposits.ts) — each with a session.
 * Written straight into the database before the server under test starts (set-up, not measured).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { uploads, users } from '../../src/db/schema.js';
import { SessionStore } from '../../src/live/sessionStore.js';
import { hashSecret } from '../../src/domain/security/passwords.js';
import { approveDeposit, requestDeposit } from '../../src/domain/wallet/deposits.js';
import { newUploadName, uploadUrl } from '../../src/domain/wallet/uploads.js';

export interface Player {
  userId: number;
  token: string;
}

/** Creates `count` players, each funded with `amount` cents through an approved deposit. */
export async function createFundedPlayers(database: Database, count: number, amount: number, now = Date.now()): Promise<Player[]> {
  const db = database.db;
  const [operator] = await queryRows<{ id: number }>(db, sql`select id from operators order by id limit 1`);
  if (!operator) throw new Error('no operator to approve deposits (seed first)');
  const passwordHash = await hashSecret('bench-player-password');
  const prefix = `b${now.toString(36)}`;
  const created = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `${prefix}_${i}`, nickname: `bench${i}`, passwordHash })))
    .returning({ id: users.id });
  const sessions = new SessionStore(database);
  const players: Player[] = [];
  // In batches: the players' requests in one transaction, then the operator's approvals in another.
  for (let i = 0; i < created.length; i += 50) {
    const batch = created.slice(i, i + 50);
    const names = batch.map(() => newUploadName());
    await db.insert(uploads).values(batch.map((u, k) => ({ userId: u.id, kind: 'recharge_screenshot', name: names[k]!, mime: 'image/png', size: 1024 })));
    const requested = await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const [k, u] of batch.entries()) {
        ids.push(
          (await requestDeposit(tx, { userId: u.id, amount, channel: 'bank', screenshot: uploadUrl(names[k]!), now, timeZone: loadConfig({}).timeZone })).id,
        );
      }
      return ids;
    });
    await db.transaction(async (tx) => {
      for (const id of requested) await approveDeposit(tx, { id, operatorId: Number(operator.id), now });
    });
    for (const u of batch) players.push({ userId: u.id, token: await sessions.create(db, u.id, { remember: true, now }) });
  }
  return players;
}
