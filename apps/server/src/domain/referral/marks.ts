/**
 * The abuse flag (issue 24): an invitee who signs up from an IP or a device its inviter has used is
 * flagged once, at registration, and its orders' commission is held for an operator's review. Only
 * keyed hashes are stored (HMAC-SHA256 under a key derived from the server's secret key), never an IP
 * or a device id: equal inputs give equal marks, and a mark cannot be reversed by trying every IPv4.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export type MarkKind = 'ip' | 'device';
export interface Client {
  ip?: string;
  /** A random id the app keeps on the device (optional: other clients send none). */
  deviceId?: string;
}

/** The flag stored on the invitee: what it shares with its inviter. */
export type ReferralFlag = 'ip' | 'device' | 'ip_device';

export function markOf(secret: Buffer, kind: MarkKind, value: string): string {
  const key = createHmac('sha256', secret).update('lucky28 referral marks').digest();
  return createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url').slice(0, 32);
}

function marksOf(secret: Buffer, client: Client): { kind: MarkKind; hash: string }[] {
  const out: { kind: MarkKind; hash: string }[] = [];
  if (client.ip) out.push({ kind: 'ip', hash: markOf(secret, 'ip', client.ip) });
  if (client.deviceId) out.push({ kind: 'device', hash: markOf(secret, 'device', client.deviceId) });
  return out;
}

/** Remembers the member's IP and device (hashed) from a registration or sign-in; known ones are kept once. */
export async function recordMarks(tx: DbOrTx, secret: Buffer, userId: number, client: Client, now: number): Promise<void> {
  const marks = marksOf(secret, client);
  if (marks.length === 0) return;
  const at = new Date(now).toISOString();
  await tx.execute(sql`
    insert into referral_marks (user_id, kind, hash, created_at)
    values ${sql.join(
      marks.map((m) => sql`(${userId}, ${m.kind}, ${m.hash}, ${at})`),
      sql`, `,
    )}
    on conflict do nothing`);
}

/**
 * At registration, in its transaction: records the new member's marks and, when it was invited, flags
 * it if its IP or device is one its inviter has used. Answers the flag (null: none).
 */
export async function markNewMember(
  tx: DbOrTx,
  secret: Buffer,
  member: { id: number; inviterId: number | null },
  client: Client,
  now: number,
): Promise<ReferralFlag | null> {
  await recordMarks(tx, secret, member.id, client, now);
  if (member.inviterId === null) return null;
  const marks = marksOf(secret, client);
  if (marks.length === 0) return null;
  const shared = await queryRows<{ kind: MarkKind }>(
    tx,
    sql`select distinct kind from referral_marks where user_id = ${member.inviterId} and (kind, hash) in (${sql.join(
      marks.map((m) => sql`(${m.kind}, ${m.hash})`),
      sql`, `,
    )})`,
  );
  const kinds = new Set(shared.map((s) => s.kind));
  const flag: ReferralFlag | null = kinds.has('ip') && kinds.has('device') ? 'ip_device' : kinds.has('ip') ? 'ip' : kinds.has('device') ? 'device' : null;
  if (flag) await tx.execute(sql`update users set referral_flag = ${flag} where id = ${member.id} and referral_flag is null`);
  return flag;
}
