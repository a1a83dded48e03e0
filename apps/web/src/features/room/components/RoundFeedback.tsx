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
  const latest = drawnIssues.at(-1);
  const summary = latest ? summarizeRound(latest, orders.get(latest) ?? []) : null;
  return { awaiting: currentIssue ? awaitedIssue(currentIssue, lastDrawn) : null, summary, marks };
}

/** The player's result of their latest settled round in this room, until they close it. */
export function MyRoundResult({ summary }: { summary: RoundSummary | null }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<string | null>(null);
  if (!summary || closed === summary.issue) return null;
  const win = summary.outcome === 'win';
  return (
    <div
      className={`room-result room-result-${summary.outcome}`}
      role="status"
      data-testid="my-result"
      data-issue={summary.issue}
      data-outcome={summary.outcome}
    >
      <div className="room-result-text">
        <b>{t(win ? 'room.result.won' : 'room.result.lost', { issue: summary.issue })}</b>
        <span>
          {t('room.result.detail', { count: summary.bets, won: summary.won })}{' '}
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
