import { memo } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Module paths rather than the package barrel: this component is on home's first load, and the
// barrel would bring the input schemas (zod) along.
import { GAMES, isBig } from '@lucky28/shared/game';
import { DrawBalls } from '../../../components/DrawBalls';
import { GameFlag } from '../../../components/GameFlag';
import { gameNameKey } from '../../../lib/gameName';
import type { HomeGameRound } from '../../../lib/api/lottery';
import { useHomeHeart, useRecentCodes } from '../api/lottery';
import { useNow } from '../../../hooks/useNow';
import { useSteadyDeadline } from '../../../hooks/useSteadyDeadline';
import { codeGrid } from '../model/codeGrid';
import { deadlineFrom, formatCountdown, secondsLeft } from '../../../lib/countdown';
import './lotteryCards.css';

function Countdown({ round, receivedAt }: { round: HomeGameRound; receivedAt: number }) {
  const { t } = useTranslation();
  const now = useNow();
  const drawAt = useSteadyDeadline(round.issue, deadlineFrom(round.openTime, receivedAt));
  const closeAt = useSteadyDeadline(`${round.issue}c`, deadlineFrom(round.closeTime, receivedAt));
  const open = round.game_status === 1;
  const closed = !open || round.whether_close || now >= closeAt;
  const left = secondsLeft(drawAt, now);
  const text = formatCountdown(left);
  return (
    <div className="lc-status">
      <span className={`lc-tag ${closed ? 'lc-tag-closed' : 'lc-tag-open'}`} data-testid="card-tag">
        {closed ? t('cards.closed') : t('cards.betting')}
      </span>
      <div className="lc-timer">
        <span className="lc-timer-label">{open ? t('cards.nextDraw') : t('cards.paused')}</span>
        <strong className={`lc-timer-value ${text === null ? 'lc-drawing' : ''}`} data-testid="card-countdown">
          {!open ? '--:--' : (text ?? t('cards.drawing'))}
        </strong>
      </div>
    </div>
  );
}

function CodeCell({ code }: { code: string | null }) {
  if (code === null) return <span className="lc-code lc-code-empty" />;
  const total = Number(code);
  const big = Number.isInteger(total) && isBig(total);
  return <span className={`lc-code ${big ? 'lc-code-big' : 'lc-code-small'}`}>{code}</span>;
}

const CodeGrid = memo(function CodeGrid({ gameId, lastIssue }: { gameId: number; lastIssue: string | undefined }) {
  const { t } = useTranslation();
  const draws = useRecentCodes(gameId, lastIssue);
  const cells = codeGrid((draws.data ?? []).map((d) => ({ id: d.id, code: d.code })));
  return (
    <div className="lc-grid" aria-label={t('cards.recent')} data-testid="card-codes">
      {cells.map((c) => (
        <CodeCell key={c.key} code={c.code} />
      ))}
    </div>
  );
});

function LastDraw({ last }: { last: HomeGameRound['last_issue'] }) {
  const { t } = useTranslation();
  if (!last) return <div className="lc-last lc-last-none">{t('cards.noDraw')}</div>;
  return (
    <div className="lc-last" aria-label={t('cards.lastDraw')}>
      <DrawBalls draw={last} />
    </div>
  );
}

function LotteryCard({ gameId, tabIndex, round, receivedAt }: { gameId: number; tabIndex: number; round: HomeGameRound | undefined; receivedAt: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <article className="l28-surface lc-card" data-testid="lottery-card" data-game={gameId}>
      <header className="lc-head">
        <GameFlag gameId={gameId} />
        <div className="lc-title">
          <h3>{t(gameNameKey(gameId))}</h3>
          {round ? (
            <span className="lc-issue" data-testid="card-issue">
              {t('cards.round', { issue: round.issue })}
            </span>
          ) : (
            <Skeleton.Paragraph lineCount={1} animated className="lc-skeleton-line" />
          )}
        </div>
        {round && <Countdown round={round} receivedAt={receivedAt} />}
      </header>
      {round ? <LastDraw last={round.last_issue} /> : <Skeleton.Paragraph lineCount={1} animated />}
      <CodeGrid gameId={gameId} lastIssue={round ? (round.last_issue?.issue ?? '') : undefined} />
      <footer className="lc-foot">
        <span className="lc-orders" data-testid="card-orders">
          {round ? t('cards.orders', { count: round.order_count }) : '\u00a0'}
        </span>
        <Button size="small" shape="rounded" color="primary" className="lc-bet" onClick={() => navigate(`/lottery?tab=${tabIndex}`)}>
          {t('cards.betNow')}
        </Button>
      </footer>
    </article>
  );
}

/**
 * The five live lottery cards of home (docs/product.md#home): round, betting/closed tag, countdown,
 * the last draw, the 36 latest totals, the real number of bets in the round and "Bet now".
 */
export function LotteryCards() {
  const { t } = useTranslation();
  const heart = useHomeHeart();
  const byGame = new Map((heart.data?.games ?? []).map((g) => [g.game_id, g]));
  return (
    <section className="home-section lc-section" aria-labelledby="home-games-title">
      <h2 id="home-games-title" className="section-title">
        {t('home.games')}
      </h2>
      {/* Any failed read, also after a first success: the last data stays on the cards, but they must
          not pass for live while they cannot be refreshed (docs/spec-differences.md). */}
      {heart.isError && (
        <p className="lc-error" role="status" data-testid="cards-retrying">
          {t('cards.loadError')}
        </p>
      )}
      <div className="lc-list">
        {GAMES.map((g) => (
          <LotteryCard key={g.id} gameId={g.id} tabIndex={g.tabIndex} round={byGame.get(g.id)} receivedAt={heart.dataUpdatedAt} />
        ))}
      </div>
    </section>
  );
}
