import { useEffect, useRef, useState } from 'react';
import { Button, Input, ProgressBar } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isSumClassId, SUM_CLASS_BASE } from '@lucky28/shared/game';
import { fetchAcceptedBetsPage, useFairRooms } from '../api/fair';
import { checkAcceptedBets, findOrder, type AcceptedBetsCheck as Check } from '../model/acceptedBets';

type State = { state: 'idle' } | { state: 'running'; done: number; count: number } | { state: 'failed'; message: string } | Check;

/**
 * "Check an accepted-bets list" on /fair (docs/design.md#the-accepted-bets-list): pick the room (the
 * room a chat post linked from comes preselected), download its list of the round page by page,
 * recompute its SHA-256 in the browser, say whether it matches what was published, and find one's own
 * row by its order number.
 */
export function AcceptedBetsCheck({ gameId, issue, planId }: { gameId: number; issue: string; planId: number | null }) {
  const { t } = useTranslation();
  const rooms = useFairRooms(gameId);
  const [chosen, setChosen] = useState<{ for: string; id: number } | null>(null);
  const key = `${gameId}:${issue}`;
  const roomId = chosen?.for === key ? chosen.id : (planId ?? rooms.data?.[0]?.id ?? null);
  const [result, setResult] = useState<{ for: string; state: State }>({ for: '', state: { state: 'idle' } });
  const [orderNo, setOrderNo] = useState('');
  const running = useRef<AbortController | null>(null);
  const runKey = `${key}:${roomId ?? ''}`;
  const state: State = result.for === runKey ? result.state : { state: 'idle' };
  useEffect(() => () => running.current?.abort(), [runKey]);
  // Opened from a room's list post (`#accepted-bets`): the tool is what the player came for.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#accepted-bets') section.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const start = () => {
    if (roomId === null) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const set = (s: State) => !controller.signal.aborted && setResult({ for: runKey, state: s });
    set({ state: 'running', done: 0, count: 0 });
    checkAcceptedBets({ gameId, issue, roomId }, (page, limit) => fetchAcceptedBetsPage({ plan_id: roomId, issue, page, limit }, controller.signal), {
      signal: controller.signal,
      onProgress: (done, count) => set({ state: 'running', done, count }),
    }).then(set, (err: unknown) => set({ state: 'failed', message: err instanceof Error ? err.message : String(err) }));
  };

  const own = state.state === 'checked' && orderNo.trim() ? findOrder(state.rows, orderNo) : undefined;
  return (
    <section ref={section} className="l28-surface fair-card fair-bets" id="accepted-bets" data-testid="fair-bets">
      <h3>{t('fair.bets.title')}</h3>
      <p className="fair-bets-intro">{t('fair.bets.intro')}</p>
      <div className="l28-chips" role="group" aria-label={t('fair.bets.room')}>
        {(rooms.data ?? []).map((r) => (
          <button
            key={r.id}
            type="button"
            className={`l28-chip fair-chip-small ${r.id === roomId ? 'l28-chip-on' : ''}`}
            onClick={() => setChosen({ for: key, id: r.id })}
          >
            {t(`hall.tier.${r.type}`, { defaultValue: r.title })}
          </button>
        ))}
      </div>
      <Button
        size="small"
        color="primary"
        shape="rounded"
        onClick={start}
        disabled={roomId === null || state.state === 'running'}
        data-testid="fair-bets-check"
      >
        {t('fair.bets.check')}
      </Button>
      {state.state === 'running' && (
        <div data-testid="fair-bets-progress">
          <ProgressBar percent={state.count > 0 ? Math.round((state.done / state.count) * 100) : 0} />
          <span>{t('fair.bets.checking', { done: state.done, count: state.count })}</span>
        </div>
      )}
      {state.state === 'failed' && (
        <p className="fair-bets-note" role="alert">
          {state.message}
        </p>
      )}
      {state.state === 'not-built' && (
        <p className="fair-bets-note" data-testid="fair-bets-verdict" data-state="not-built">
          {t('fair.bets.notBuilt')}
        </p>
      )}
      {state.state === 'checked' && (
        <>
          <div
            className={`fair-bets-verdict ${state.match ? 'fair-check-ok' : 'fair-check-bad'}`}
            data-testid="fair-bets-verdict"
            data-state={state.match ? 'match' : 'mismatch'}
          >
            {state.match ? <CheckCircleFill /> : <CloseCircleFill />}
            <b>{state.match ? t('fair.bets.matchTitle') : t('fair.bets.mismatchTitle')}</b>
          </div>
          <p className="fair-bets-note">
            {t('fair.bets.summary', { count: state.count })} <code data-testid="fair-bets-hash">{state.hash}</code>
          </p>
          {state.count === 0 ? (
            <p className="fair-bets-note">{t('fair.bets.empty')}</p>
          ) : (
            <label className="fair-bets-find">
              <span>{t('fair.bets.find')}</span>
              <Input value={orderNo} onChange={setOrderNo} placeholder={t('fair.bets.findPlaceholder')} inputMode="numeric" data-testid="fair-bets-order" />
            </label>
          )}
          {orderNo.trim() !== '' && (
            <p className="fair-bets-note" data-testid="fair-bets-own">
              {own
                ? t('fair.bets.found', {
                    nickname: own.nickname,
                    class: isSumClassId(own.class) ? t('rules.sumName', { n: own.class - SUM_CLASS_BASE }) : t(`betClass.${own.class}`),
                    amount: own.amount,
                  })
                : t('fair.bets.notFound')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
