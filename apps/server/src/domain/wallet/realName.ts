import { sendStationMessage } from '../content/notices.js';
import { desc, eq, sql } from 'drizzle-orm';
import { maskName } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { realNameRequests, users } from '../../db/schema.js';
import { claimPending, queueRowOf, type QueueColumns } from './claimPending.js';
import { AppError } from '../../errors.js';
import { findUploadForUse, uploadNameFrom, uploadUrl, type UploadRow } from './uploads.js';
import { Shiming } from '../accounts/users.js';
import { checkHolderAgainst } from '../accounts/payAccounts.js';

// Real-name status (docs/product.md#states-and-transitions), kept with the account's other states.
export { Shiming };

async function ownIdcardUpload(tx: DbOrTx, userId: number, ref: string, field: string): Promise<UploadRow> {
  const name = uploadNameFrom(ref);
  const upload = name ? await findUploadForUse(tx, name) : undefined;
  if (!upload || upload.userId !== userId || upload.kind !== 'idcard') {
    throw new AppError('err.realname_image_invalid', { field });
  }
  return upload;
}

function refuseByStatus(status: number): never {
  if (status === Shiming.verified) throw new AppError('err.realname_verified');
  throw new AppError('err.realname_under_review');
}

/**
 * user/shiming: the caller's real name, ID number and the two ID-card pictures (their own idcard
 * uploads) go to review; status 0 → 1, and the ID number is stored as the account's if none is yet.
 * Refused while a request is under review or once verified.
 */
export async function submitRealName(
  tx: DbOrTx,
  opts: { userId: number; truename: string; idcard: string; front: string; back: string; now: number },
): Promise<{ id: number }> {
  const [current] = await tx.select({ shiming: users.shiming }).from(users).where(eq(users.id, opts.userId)).limit(1);
  if (!current) throw new AppError('err.not_found');
  if (current.shiming === Shiming.review || current.shiming === Shiming.verified) refuseByStatus(current.shiming);
  const front = await ownIdcardUpload(tx, opts.userId, opts.front, 'idcard_zheng');
  const back = await ownIdcardUpload(tx, opts.userId, opts.back, 'idcard_fan');
  if (front.id === back.id) throw new AppError('err.realname_same_image', { field: 'idcard_fan' });
  // The conditional update is the guard against a concurrent submit or review. The ID number given
  // here becomes the account's when it has none yet, so the withdraw check needs no second entry.
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`
    update users set shiming = ${Shiming.review}, idcard = coalesce(idcard, ${opts.idcard})
    where id = ${opts.userId} and shiming not in (1, 2) returning id`,
  );
  if (moved.length === 0) {
    const [again] = await tx.select({ shiming: users.shiming }).from(users).where(eq(users.id, opts.userId)).limit(1);
    refuseByStatus(again?.shiming ?? Shiming.review);
  }
  const inserted = await tx
    .insert(realNameRequests)
    .values({
      userId: opts.userId,
      truename: opts.truename,
      idcard: opts.idcard,
      frontUploadId: front.id,
      backUploadId: back.id,
      status: Shiming.review,
      createdAt: new Date(opts.now),
    })
    .returning({ id: realNameRequests.id });
  return { id: inserted[0]!.id };
}

/** The caller's own status and latest request, as the /realNameAuth screen shows it (masked). */
export async function realNameInfo(db: DbOrTx, userId: number) {
  const [user] = await db.select({ shiming: users.shiming }).from(users).where(eq(users.id, userId)).limit(1);
  const [latest] = await db
    .select()
    .from(realNameRequests)
    .where(eq(realNameRequests.userId, userId))
    .orderBy(desc(realNameRequests.createdAt), desc(realNameRequests.id))
    .limit(1);
  return {
    shiming: user?.shiming ?? 0,
    truename: latest ? maskName(latest.truename) : '',
    idcard: latest ? `${latest.idcard.slice(0, 3)}${'*'.repeat(Math.max(0, latest.idcard.length - 5))}${latest.idcard.slice(-2)}` : '',
    /** Why the last request was refused, when it was. */
    reason: latest && latest.status === 0 ? (latest.reason ?? '') : '',
  };
}

/** Verified: status 2; the verified name and ID number become the account's, and a bank card bound before is checked against the name. */
export async function approveRealName(tx: DbOrTx, opts: { id: number; operatorId: number; now: number }) {
  const req = await claimPending(tx, realNameRequests, { id: opts.id, from: Shiming.review, to: Shiming.verified, operatorId: opts.operatorId, now: opts.now });
  await tx.update(users).set({ shiming: Shiming.verified, realName: req.truename, idcard: req.idcard }).where(eq(users.id, req.userId));
  await checkHolderAgainst(tx, req.userId, req.truename);
  await sendStationMessage(tx, { userId: req.userId, event: 'realname_approved', now: opts.now });
  return req;
}

/** Refused: back to 0 with the reason the player will see. */
export async function rejectRealName(tx: DbOrTx, opts: { id: number; operatorId: number; now: number; reason: string }) {
  const req = await claimPending(tx, realNameRequests, {
    id: opts.id,
    from: Shiming.review,
    to: 0,
    operatorId: opts.operatorId,
    now: opts.now,
    reason: opts.reason,
  });
  await tx.update(users).set({ shiming: Shiming.none }).where(eq(users.id, req.userId));
  await sendStationMessage(tx, { userId: req.userId, event: 'realname_rejected', params: { reason: opts.reason }, now: opts.now });
  return req;
}

export async function listRealNames(db: DbOrTx, status: number, limit = 200) {
  const rows = await queryRows<QueueColumns & { profile_idcard: string | null; truename: string; idcard: string; front: string; back: string }>(
    db,
    sql`
    select r.id, r.user_id, u.username, u.idcard as profile_idcard, r.truename, r.idcard, r.status, r.reason, r.created_at,
      f.name as front, b.name as back
    from real_name_requests r join users u on u.id = r.user_id
      join uploads f on f.id = r.front_upload_id join uploads b on b.id = r.back_upload_id
    where r.status = ${status}
    order by r.created_at ${status === 1 ? sql`asc` : sql`desc`}, r.id
    limit ${limit}`,
  );
  return rows.map((r) => ({
    ...queueRowOf(r),
    truename: r.truename,
    idcard: r.idcard,
    /** The ID number the player typed on /baseinfo, if any, to compare. */
    profile_idcard: r.profile_idcard ?? '',
    idcard_zheng: uploadUrl(r.front),
    idcard_fan: uploadUrl(r.back),
  }));
}
