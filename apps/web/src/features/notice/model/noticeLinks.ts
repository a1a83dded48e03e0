/** Where a station message links to, by what it is about (its `key`). */
import { NOTICE_STATION } from '@lucky28/shared/schemas';

/** A streak alert says every draw is independent and can be verified: it links to the fairness page (docs/statistics.md#streak-alerts). */
export function noticeLink(n: { type: number; key: string | null }): '/fair' | null {
  return n.type === NOTICE_STATION && n.key === 'streak_alert' ? '/fair' : null;
}
