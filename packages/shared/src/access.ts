/**
 * Who may call what. Zod-free: the player app, the console and the server all import it, and the
 * console's role check is this file's `operatorMayCall`, the very function the server's guard runs.
 */

/**
 * Operator roles (docs/design.md#security): admin may do everything, finance reviews money, support reviews
 * identities, moderator keeps the room chats (docs/chat.md#moderation) and sees no money, ID images or payout accounts.
 */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'moderator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * A call's callers:
 * - `public`: anyone, signed in or not;
 * - `player`: a signed-in player, guest accounts included;
 * - `member`: a registered player (not a guest account);
 * - `operator`: an operator session of one of `roles` (admin is always accepted); without `roles`,
 *   any operator session, also one still enrolling its second factor (sign-out, enrolment);
 * - `service`: a partner system holding the shared key (the support chat).
 */
export type Access =
  | { readonly who: 'public' }
  | { readonly who: 'player' }
  | { readonly who: 'member' }
  | { readonly who: 'operator'; readonly roles?: readonly OperatorRole[] }
  | { readonly who: 'service' };

export const publicAccess = { who: 'public' } as const satisfies Access;
export const playerAccess = { who: 'player' } as const satisfies Access;
export const memberAccess = { who: 'member' } as const satisfies Access;
export const serviceAccess = { who: 'service' } as const satisfies Access;
/** Operators of these roles (admin always); none named: any operator session. */
export const operatorAccess = (...roles: OperatorRole[]): Access => (roles.length ? { who: 'operator', roles } : { who: 'operator' });

/** Whether an operator of `role` holds one of `allowed` (admin holds every role). */
export function roleAllows(role: string | undefined, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || (role !== undefined && (allowed as readonly string[]).includes(role));
}

/** Whether an operator of `role` may make a call of this access: the server's guard and the console's menus. */
export function operatorMayCall(access: Access, role: string | undefined): boolean {
  if (access.who !== 'operator' || role === undefined) return false;
  return access.roles === undefined || roleAllows(role, access.roles);
}
