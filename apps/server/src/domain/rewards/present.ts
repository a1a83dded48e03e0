/** A campaign as the player's card shows it: its words in the player's language, its state and progress (answers of rewards/*). */
import { formatMoney, type ApiLang, type CheckInTerms, type FirstDepositTerms, type RakebackTerms } from '@lucky28/shared';
import type { Campaign } from './campaigns.js';
import type { Progress } from './progress.js';

export function presentCard(c: Campaign, p: Progress, lang: ApiLang) {
  const claimable = p.due.reduce((sum, d) => sum + d.amount, 0);
  const rakeTerms = c.kind === 'rakeback' ? (c.terms as RakebackTerms) : null;
  const bonusTerms = c.kind === 'first_deposit' ? (c.terms as FirstDepositTerms) : null;
  const checkTerms = c.kind === 'check_in' ? (c.terms as CheckInTerms) : null;
  return {
    id: c.id,
    kind: c.kind,
    title: c.title[lang],
    terms_text: c.termsText[lang],
    banner: c.banner,
    ends_at: c.endsAt === null ? null : Math.floor(c.endsAt / 1000),
    state: p.state,
    claimable: formatMoney(claimable),
    rakeback:
      rakeTerms && p.rakeback
        ? {
            tiers: rakeTerms.tiers.map((t) => ({ name: t.name[lang], min_stake: formatMoney(t.min_stake), rate_bp: t.rate_bp })),
            tier: p.rakeback.tier,
            stakes_30d: formatMoney(p.rakeback.stakes30d),
            today: formatMoney(p.rakeback.today),
            days: p.rakeback.days.map((d) => ({ day: d.day, amount: formatMoney(d.amount), state: d.state, lapses_on: d.lapsesOn })),
          }
        : null,
    bonus:
      bonusTerms && p.bonus
        ? {
            percent: bonusTerms.percent,
            cap: formatMoney(bonusTerms.cap),
            // A granted bonus keeps the requirement it was granted with (an edit applies to new claims):
            // its multiple is the grant's, so the card never says 5× beside a requirement of 3×.
            wager_multiple: p.bonus.amount ? Math.round(p.bonus.required / p.bonus.amount) : bonusTerms.wager_multiple,
            amount: p.bonus.amount === null ? null : formatMoney(p.bonus.amount),
            staked: formatMoney(p.bonus.staked),
            required: formatMoney(p.bonus.required),
            released: p.bonus.released === null ? null : formatMoney(p.bonus.released),
            expired_reason: p.bonus.expiredReason,
            forfeited: p.bonus.forfeited === null ? null : formatMoney(p.bonus.forfeited),
            forfeit: p.bonus.forfeit && {
              left: formatMoney(p.bonus.forfeit.left),
              won: formatMoney(p.bonus.forfeit.won),
              total: formatMoney(p.bonus.forfeit.left + p.bonus.forfeit.won),
              open_bets: p.bonus.forfeit.openBets,
            },
          }
        : null,
    check_in:
      checkTerms && p.checkIn
        ? { rewards: checkTerms.rewards.map(formatMoney), streak: p.checkIn.streak, today_done: p.checkIn.todayDone, next_day: p.checkIn.nextDay }
        : null,
  };
}
