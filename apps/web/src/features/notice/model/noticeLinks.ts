/**
 * Where a station message links to. The list answers each message as its title and text in the reader's
 * language, without the kind it was written as, so a streak alert is told by its title — the shared
 * catalogue's `notice.streak_alert.title`, in any of the API's languages.
 */
import { NOTICE_STATION } from '@lucky28/shared/schemas';
import { API_LANGS, translate } from '@lucky28/shared/messages';

const STREAK_ALERT_TITLES = new Set(API_LANGS.map((lang) => translate(lang, 'notice.streak_alert.title')));

/** A streak alert says every draw is independent and can be verified: it links to the fairness page (docs/statistics.md#streak-alerts). */
export function noticeLink(n: { type: number; title: string }): '/fair' | null {
  return n.type === NOTICE_STATION && STREAK_ALERT_TITLES.has(n.title) ? '/fair' : null;
}
