/** The daily check-in campaign's progress: the streak and today's reward (progress.ts reads it). */
import { CHECK_IN_DAYS, type CheckInTerms } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import type { Campaign } from './campaigns.js';
import { LedgerType } from '../ledger/post.js';
import { addDays, today } from './days.js';
import { claimsOf, type Ctx, type Progress } from './progressCommon.js';

/**
 * Daily check-in: one claim per operator-day; the streak continues when yesterday was claimed and
 * starts again at day 1 after a missed day or after day CHECK_IN_DAYS. The reward of the streak's day
 * goes to stored funds.
 */
export async function checkInProgress(db: DbOrTx, c: Campaign, ctx: Ctx): Promise<Progress> {
  const terms = c.terms as CheckInTerms;
  const day = today(ctx.now, ctx.timeZone);
  const yesterday = addDays(day, -1);
  const recent = await claimsOf(db, c.id, ctx.userId, [yesterday, day]);
  const done = recent.find((r) => r.period === day);
  const before = recent.find((r) => r.period === yesterday);
  if (done) {
    const streak = done.streakDay ?? 1;
    return { state: 'claimed', due: [], checkIn: { streak, todayDone: true, nextDay: (streak % CHECK_IN_DAYS) + 1 } };
  }
  const carried = before?.streakDay && before.streakDay < CHECK_IN_DAYS ? before.streakDay : 0;
  const nextDay = carried + 1;
  return {
    state: 'available',
    due: [{ period: day, kind: 'check_in', amount: terms.rewards[nextDay - 1]!, wallet: 'score', ledgerType: LedgerType.checkIn, streakDay: nextDay }],
    checkIn: { streak: carried, todayDone: false, nextDay },
  };
}
