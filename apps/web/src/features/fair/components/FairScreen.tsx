import { useEffect, useMemo, useState } from 'react';
import { Button, ErrorBlock, Input, ProgressBar, Skeleton } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GAMES, digitOfPosition } from '@lucky28/shared/game';
import { Page } from '../../../components/Page';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import { useFairChain, useFairRecent, useFairRound, type FairRound } from '../api/fair';
import { linksToPrevious, verifyRound, walksToTerminal } from '../model/verify';
import { AcceptedBetsCheck } from './AcceptedBetsCheck';
import { RedPacketCheck } from './RedPacketCheck';
import './fair.css';
import { FairCheck } from './FairCheck';

/** Walks the revealed seed up to the published final hash, in the browser, in slices. */
function useChainWalk(round: FairRound | undefined) {
  const [state, setState] = useState<{ key: string; done: number; result: boolean | null }>({ key: '', done: 0, result: null });
  const key = round?.seed ? `${round.game_id}:${round.issue}` : '';
  const steps = round ? round.chain.length - round.chain.index : 0;
  useEffect(() => {
    if (!round?.seed) return;
    const controller = new AbortController();
    walksToTerminal(round.seed, steps, round.chain.terminal_hash, {
      signal: controller.signal,
      onProgress: (done) => setState({ key, done, result: null }),
    }).then(
      (result) => setState({ key, done: steps, result }),
      () => {},
    );
    return () => controller.abort();
  }, [round?.seed, round?.chain.terminal_hash, steps, key, round]);
  return state.key === key ? { ...state, steps } : { key, done: 0, result: null, steps };
}

function Hash({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="fair-hash">
      <span>{label}</span>
      <code>{value ?? '—'}</code>
    </div>
  );
}

function RoundReport({ round }: { round: FairRound }) {
  const { t } = useTranslation();
  const v = useMemo(
    () =>
      verifyRound({
        gameId: round.game_id,
        issue: round.issue,
        hash: round.hash,
        seed: round.seed,
        numbers: round.numbers,
        digits: round.digits,
        total: round.total,
      }),
    [round],
  );
  const link = linksToPrevious(round.hash, round.prev_hash);
  const walk = useChainWalk(round);
  const zone = useOperatorZone();

  if (v.state === 'pending') {
    return (
      <section className="fair-verdict fair-verdict-pending" data-testid="fair-verdict" data-state="pending">
        <ClockCircleFill />
        <div>
          <h2>{t('fair.pendingTitle')}</h2>
          <p>{t('fair.pendingText', { time: formatInZone(round.draws_at, zone, 'HH:mm:ss') })}</p>
        </div>
        <Hash label={t('fair.commitment')} value={round.hash} />
      </section>
    );
  }
  if (v.state === 'invalid-seed') {
    return (
      <section className="fair-verdict fair-verdict-bad" data-testid="fair-verdict" data-state="mismatch">
        <CloseCircleFill />
        <h2>{t('fair.invalidSeed')}</h2>
      </section>
    );
  }
  const ok = v.ok && link !== false && walk.result !== false;
  return (
    <>
      <section className={`fair-verdict ${ok ? 'fair-verdict-ok' : 'fair-verdict-bad'}`} data-testid="fair-verdict" data-state={ok ? 'match' : 'mismatch'}>
        {ok ? <CheckCircleFill /> : <CloseCircleFill />}
        <div>
          <h2>{ok ? t('fair.verifiedTitle') : t('fair.mismatchTitle')}</h2>
          <p>{t('fair.verdictText', { issue: round.issue })}</p>
        </div>
      </section>
      <section className="l28-surface fair-card">
        <h3>{t('fair.result')}</h3>
        <div className="fair-result">
          {v.recomputed.digits[0]} + {v.recomputed.digits[1]} + {v.recomputed.digits[2]} = <b data-testid="fair-total">{v.recomputed.total}</b>
          <span className="fair-server">{t('fair.serverSaid', { total: round.total ?? '—' })}</span>
        </div>
        <div className="fair-numbers" data-testid="fair-numbers">
          {v.recomputed.numbers.map((n, i) => (
            <span key={n} className={`fair-num l28-digit-g${digitOfPosition(i) + 1} ${round.numbers?.[i] === n ? '' : 'fair-num-bad'}`}>
              {n}
            </span>
          ))}
        </div>
        <p className="fair-note">{t('fair.recomputedNote')}</p>
      </section>
      <section className="l28-surface fair-card">
        <h3>{t('fair.checks')}</h3>
        <ul className="fair-checks">
          <FairCheck ok={v.commitmentOk} label={t('fair.checkCommitment')} testId="check-commitment" />
          <FairCheck ok={v.numbersOk} label={t('fair.checkNumbers')} testId="check-numbers" />
          <FairCheck ok={v.digitsOk && v.totalOk} label={t('fair.checkTotal')} testId="check-total" />
          <FairCheck ok={link} label={t('fair.checkLink')} testId="check-link" />
          <FairCheck ok={walk.result} label={t('fair.checkChain', { steps: walk.steps })} testId="check-chain" />
        </ul>
        {walk.result === null && walk.steps > 0 && <ProgressBar percent={Math.round((walk.done / walk.steps) * 100)} className="fair-progress" />}
      </section>
      <section className="l28-surface fair-card">
        <h3>{t('fair.data')}</h3>
        <Hash label={t('fair.seed')} value={round.seed} />
        <Hash label={t('fair.commitment')} value={round.hash} />
        <Hash label={t('fair.prevCommitment')} value={round.prev_hash} />
        <Hash label={t('fair.terminal', { index: round.chain.index, length: round.chain.length })} value={round.chain.terminal_hash} />
        <details className="fair-algo">
          <summary>{t('fair.algorithm')}</summary>
          <p>{round.algorithm}</p>
        </details>
      </section>
    </>
  );
}

/**
 * /fair: pick a game and a round; the page recomputes the draw with packages/shared and says whether it
 * matches; below it (first when `?packet=` names one) the check of a red packet's split.
 */
export function FairScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameParam = Number(params.get('game_id'));
  const gameId = GAMES.some((g) => g.id === gameParam) ? gameParam : (GAMES[0]?.id ?? 7);
  const recent = useFairRecent(gameId);
  const issueParam = params.get('issue') ?? '';
  const planParam = Number(params.get('plan_id'));
  const issue = issueParam || recent.data?.[0]?.issue || '';
  const [typed, setTyped] = useState<{ for: string; value: string } | null>(null);
  const inputValue = typed && typed.for === issue ? typed.value : issue;
  const round = useFairRound(gameId, issue);
  const chain = useFairChain(gameId);
  const packetParam = Number(params.get('packet'));
  const packetId = Number.isSafeInteger(packetParam) && packetParam > 0 ? packetParam : null;
  const select = (next: { game?: number; issue?: string }) => {
    const q = new URLSearchParams({ game_id: String(next.game ?? gameId) });
    if (next.issue) q.set('issue', next.issue);
    if (packetId !== null) q.set('packet', String(packetId));
    setParams(q, { replace: true });
  };
  const pickPacket = (id: number) =>
    setParams(
      (q) => {
        q.set('packet', String(id));
        return q;
      },
      { replace: true },
    );
  // Linked from a room's packet post (`?packet=`): the packet's check comes first.
  const packetCheck = <RedPacketCheck packetId={packetId} onPick={pickPacket} />;
  return (
    <Page title={t('fair.title')} className="fair">
      <section className="l28-hero fair-intro">
        <p>{t('fair.intro')}</p>
        {chain.data?.terminal_hash && <Hash label={t('fair.published')} value={chain.data.terminal_hash} />}
      </section>
      {packetId !== null && packetCheck}
      <div className="fair-picker">
        <div className="l28-chips" role="group" aria-label={t('fair.game')}>
          {GAMES.map((g) => (
            <button key={g.id} type="button" className={`l28-chip ${g.id === gameId ? 'l28-chip-on' : ''}`} onClick={() => select({ game: g.id })}>
              {t(`games.${g.code}`)}
            </button>
          ))}
        </div>
        <form
          className="fair-issue"
          onSubmit={(e) => {
            e.preventDefault();
            select({ issue: inputValue.trim() });
          }}
        >
          <Input
            value={inputValue}
            onChange={(v) => setTyped({ for: issue, value: v.replace(/\D/g, '') })}
            placeholder={t('fair.issuePlaceholder')}
            inputMode="numeric"
            aria-label={t('fair.issue')}
          />
          <Button type="submit" size="small" color="primary" shape="rounded">
            {t('fair.verify')}
          </Button>
        </form>
        {recent.data && recent.data.length > 0 && (
          <div className="l28-chips fair-recent">
            {recent.data.map((d) => (
              <button
                key={d.id}
                type="button"
                className={`l28-chip fair-chip-small ${d.issue === issue ? 'l28-chip-on' : ''}`}
                onClick={() => select({ issue: d.issue })}
              >
                {d.issue.slice(-4)} · {d.code}
              </button>
            ))}
          </div>
        )}
      </div>
      {round.isLoading && <Skeleton.Paragraph lineCount={6} animated className="fair-skeleton" />}
      {round.isError && (
        // The server's refusal is the title; "round not found" is said once, not as title and text.
        <ErrorBlock status="empty" title={round.error.message || t('fair.notFound')} description="" data-testid="fair-not-found" />
      )}
      {!issue && recent.data?.length === 0 && <ErrorBlock status="empty" title={t('fair.noRounds')} description="" />}
      {round.data && <RoundReport key={`${round.data.game_id}:${round.data.issue}`} round={round.data} />}
      {round.data && <AcceptedBetsCheck gameId={round.data.game_id} issue={round.data.issue} planId={planParam > 0 ? planParam : null} />}
      {packetId === null && packetCheck}
    </Page>
  );
}
