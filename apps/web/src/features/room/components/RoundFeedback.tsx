import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedEntry } from '../../../lib/api/lottery';
import { useMyRoundOrders } from '../api/myResults';
import { awaitedIssue, isDrawn, marksFor, summarizeRound, type BetMark, type RoundSummary } from '../model/roundResult';
import './RoundFeedback.css';

export interface RoundFeedback {
  /** The round being drawn (its result not in yet), shown instead of an older result. */
  awaiting: string | null;
  /** The player's result in the latest drawn round they bet on here. */
  summary: RoundSummary | null;
  /** Win/lose marks of the player's settled bets in the feed. */
  marks: Map<FeedEntry, BetMark>;
}

/**
 * The room's result feedback, from the heartbeat's round and last draw and the
 * feed: once a round the player bet on is drawn, their orders of it are read and summed.
 */
export function useRoundFeedback(planId: number, currentIssue: string, lastDrawn: string | null | undefined, feed: readonly FeedEntry[]): RoundFeedback {
  const mine = feed.filter((e) => e.mine);
  const drawnIssues = [...new Set(mine.map((e) => e.issue))].filter((issue) => isDrawn(issue, lastDrawn)).sort();
  const orders = useMyRoundOrders(planId, drawnIssues);
  const marks = new Map<FeedEntry, BetMark>();
  for (const issue of drawnIssues) {
    const entries = mine.filter((e) => e.issue === issue);
    marksFor(entries, orders.get(issue) ?? []).forEach((m, i) => {
      if (m) marks.set(entries[i]!, m);
    });
  }
  // Only the last drawn round's result: once the next round is drawn the banner is old and goes.
  const latest = drawnIssues.at(-1);
  const summary = latest && latest === lastDrawn ? summarizeRound(latest, orders.get(latest) ?? []) : null;
  return { awaiting: currentIssue ? awaitedIssue(currentIssue, lastDrawn) : null, summary, marks };
}

const HEADLINE = { win: 'room.result.won', even: 'room.result.even', lose: 'room.result.lost' } as const;

/**
 * The player's result of the last drawn round in this room, worded from its net result (the
 * headline and the net agree: "1 of 2 bets won · net +0.00 u" is a round broken even, not a win nor
 * "no win"), until they close it or the next round is drawn.
 */
export function MyRoundResult({ summary }: { summary: RoundSummary | null }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<string | null>(null);
  if (!summary || closed === summary.issue) return null;
  return (
    <div
      className={`room-result room-result-${summary.outcome}`}
      role="status"
      data-testid="my-result"
      data-issue={summary.issue}
      data-outcome={summary.outcome}
    >
      <div className="room-result-text">
        <b>{t(HEADLINE[summary.outcome], { issue: summary.issue })}</b>
        <span>
          {t('room.result.detail', { count: summary.bets, won: summary.won })} · {t('room.result.net')}{' '}
          <strong data-testid="my-result-profit">{`${summary.profit.startsWith('-') ? '' : '+'}${summary.profit} u`}</strong>
        </span>
      </div>
      <button type="button" className="room-result-close" aria-label={t('room.result.close')} onClick={() => setClosed(summary.issue)}>
        ×
      </button>
    </div>
  );
}

/** A win/lose mark on one of the player's settled bets in the feed. */
export function BetMarkTag({ mark }: { mark: BetMark | undefined }) {
  const { t } = useTranslation();
  if (!mark) return null;
  return (
    <span className={`room-bet-mark room-bet-mark-${mark.outcome}`} data-testid="bet-mark" data-outcome={mark.outcome}>
      {mark.outcome === 'win' ? t('room.result.markWon', { profit: mark.profit }) : t('room.result.markLost')}
    </span>
  );
}
