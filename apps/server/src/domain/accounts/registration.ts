import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashSecret } from '../security/passwords.js';
import { GUEST_GROUP, MEMBER_GROUP, findUserById, findUserByName, guestName } from './users.js';

export type UserRow = typeof users.$inferSelect;

/**
 * The inviter a new member names (`inviter_id` of registration and of a guest's upgrade), in the
 * caller's transaction: null when none is named, refused unless it is a member.
 */
export async function inviterOf(tx: DbOrTx, inviterId: number | undefined): Promise<number | null> {
  if (inviterId === undefined) return null;
  const inviter = await findUserById(tx, inviterId);
  if (!inviter || inviter.groupId !== MEMBER_GROUP) throw new AppError('err.inviter_not_found', { field: 'inviter_id' });
  return inviter.id;
}

/**
 * A new member (group 1), in the caller's transaction: the name must be free and the inviter, when
 * given, a member. The password's strength is the caller's check (it names the field in its refusal).
 */
export async function createMember(tx: DbOrTx, input: { username: string; password: string; inviterId?: number; now: number }): Promise<UserRow> {
  if (await findUserByName(tx, input.username)) throw new AppError('err.username_taken', { field: 'username' });
  const inviterId = await inviterOf(tx, input.inviterId);
  const passwordHash = await hashSecret(input.password);
  const [user] = await tx
    .insert(users)
    .values({ username: input.username, passwordHash, groupId: MEMBER_GROUP, inviterId, createdAt: new Date(input.now) })
    .onConflictDoNothing()
    .returning();
  // A concurrent registration of the same name lost the race on the unique index.
  if (!user) throw new AppError('err.username_taken', { field: 'username' });
  return user;
}

/** A visitor's account (group 2) with a generated name and an unusable random password. */
export async function createGuest(tx: DbOrTx, now: number): Promise<UserRow> {
  const passwordHash = await hashSecret(randomBytes(24).toString('base64url'));
  const [user] = await tx
    .insert(users)
    .values({ username: guestName(), passwordHash, groupId: GUEST_GROUP, createdAt: new Date(now) })
    .returning();
  return user!;
}
