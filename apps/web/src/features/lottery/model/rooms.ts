/**
 * The lottery hall's rooms (docs/product.md#game-screens, #validation-rules; docs/spec-differences.md#decided-in-the-design): grouped by plan type (tier), and the
 * join-limit check made before entering a room.
 */
import { parseMoney } from '@lucky28/shared/money';
import type { LotteryPlan } from '../../../lib/api/lottery';

export const TIERS = [0, 1, 2, 3] as const;

/** Rooms by tier in tier order; tiers with no room are left out. */
export function groupByTier(plans: readonly LotteryPlan[]): { type: number; plans: LotteryPlan[] }[] {
  const known = new Set<number>(TIERS);
  const types = [...new Set(plans.map((p) => p.type))].sort((a, b) => (known.has(a) ? a : 99 + a) - (known.has(b) ? b : 99 + b));
  return types.map((type) => ({ type, plans: plans.filter((p) => p.type === type) }));
}

/**
 * Whether a balance may enter the room (docs/product.md#validation-rules): below the join limit shows "assets
 * insufficient" (`err.room_join_limit`, the message the server's playOrder refuses with). An
 * unknown balance (still loading) is not refused here; the server decides.
 */
export function canEnter(balance: string | null | undefined, plan: Pick<LotteryPlan, 'join_limit'>): boolean {
  const limit = parseMoney(plan.join_limit) ?? 0;
  if (balance === null || balance === undefined) return true;
  const have = parseMoney(balance);
  return have !== null && have >= limit;
}

export { roomName } from '../../../lib/gameName';
