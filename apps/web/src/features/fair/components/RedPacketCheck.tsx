import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Skeleton } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';
import { useFairPacket } from '../api/fair';
import { checkPacket, type PacketProblem, type PublishedPacket, type ShareRow } from '../model/redPacket';
import { FairCheck } from './FairCheck';

/** One problem of the check in words. */
function useProblemText() {
  const { t } = useTranslation();
  return (p: PacketProblem) => {
    switch (p.kind) {
      case 'claim_out_of_order':
        return t('fair.packet.problem.claim_out_of_order', { place: p.position + 1, claimNo: p.claimNo });
      case 'share_mismatch':
        return t('fair.packet.problem.share_mismatch', { claimNo: p.claimNo, published: p.published, expected: p.expected });
      default:
        return t(`fair.packet.problem.${p.kind}`);
    }
  };
}

function Hash({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <div className="fair-hash">
      <span>{label}</span>
      <code data-testid={testId}>{value ?? '—'}</code>
    </div>
  );
}

/** The claim sequence, and once the seed is out the split's share of each place beside it. */
function SharesTable({ rows, split }: { rows: ShareRow[]; split: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="fair-bets-note">{t('fair.packet.noClaims')}</p>;
  return (
    <table className="fair-packet-table" data-testid="fair-packet-shares">
      <thead>
        <tr>
          <th scope="col">{t('fair.packet.colClaim')}</th>
          <th scope="col">{t('fair.packet.colName')}</th>
          <th scope="col">{t('fair.packet.colPaid')}</th>
          {split && <th scope="col">{t('fair.packet.colSplit')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.claimNo} className={r.ok === false ? 'fair-packet-bad' : ''} data-testid="fair-packet-row" data-ok={r.ok === null ? 'na' : String(r.ok)}>
            <td>{r.claim?.claim_no ?? r.claimNo}</td>
            <td className="fair-packet-name">{r.claim?.nickname ?? t('fair.packet.unclaimed')}</td>
            <td>{r.claim?.share ?? '—'}</td>
            {split && <td>{r.share ?? '—'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PacketReport({ packet }: { packet: PublishedPacket & { closes_at: number } }) {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  const problemText = useProblemText();
  const check = useMemo(() => checkPacket(packet), [packet]);
  const summary = (
    <p className="fair-bets-note" data-testid="fair-packet-summary">
      {t('fair.packet.summary', { id: packet.id, total: packet.total, shares: packet.shares, claimed: packet.claims.length })}
    </p>
  );

  if (check.state === 'sealed') {
    const claims = packet.claims.map((claim, i) => ({ claimNo: i + 1, share: null, claim, ok: null }));
    return (
      <>
        {summary}
        <div className="fair-bets-verdict fair-check-na" data-testid="fair-packet-verdict" data-state="sealed">
          <ClockCircleFill />
          <b>{t('fair.packet.sealedTitle')}</b>
        </div>
        <p className="fair-bets-note">{t('fair.packet.sealedText', { time: formatInZone(packet.closes_at, zone, ZONED_MINUTE) })}</p>
        <Hash label={t('fair.packet.seedHash')} value={packet.seed_hash} testId="fair-packet-seed-hash" />
        <SharesTable rows={claims} split={false} />
      </>
    );
  }

  const ok = check.problems.length === 0;
  return (
    <>
      {summary}
      <div
        className={`fair-bets-verdict ${ok ? 'fair-check-ok' : 'fair-check-bad'}`}
        data-testid="fair-packet-verdict"
        data-state={ok ? 'verified' : 'problems'}
      >
        {ok ? <CheckCircleFill /> : <CloseCircleFill />}
        <b>{ok ? t('fair.packet.verifiedTitle') : t('fair.packet.problemsTitle')}</b>
      </div>
      {ok ? (
        <p className="fair-bets-note">{t('fair.packet.verifiedText')}</p>
      ) : (
        <ul className="fair-packet-problems">
          {check.problems.map((p, i) => (
            <li key={i} data-testid="fair-packet-problem" data-kind={p.kind}>
              {problemText(p)}
            </li>
          ))}
        </ul>
      )}
      <ul className="fair-checks">
        <FairCheck ok={check.seedOk} label={t('fair.packet.checkSeed')} testId="packet-check-seed" />
        <FairCheck ok={check.seedOk ? check.sequenceOk : null} label={t('fair.packet.checkShares')} testId="packet-check-shares" />
        <FairCheck ok={check.seedOk ? check.hashOk : null} label={t('fair.packet.checkHash')} testId="packet-check-hash" />
      </ul>
      <SharesTable rows={check.rows} split />
      <Hash label={t('fair.packet.seedHash')} value={packet.seed_hash} testId="fair-packet-seed-hash" />
      <Hash label={t('fair.packet.seed')} value={packet.seed} />
      <Hash label={t('fair.packet.seedHashHere')} value={check.computedSeedHash} />
      <Hash label={t('fair.packet.claimsHash')} value={packet.claims_hash} />
      <Hash label={t('fair.packet.claimsHashHere')} value={check.computedHash} />
    </>
  );
}

/**
 * "Check a red packet" on /fair (docs/red-packets.md#checking-a-packet): the packet of `?packet=`, or one
 * typed here; its seed hash, and once the seed is revealed every share recomputed from it and the claim
 * sequence checked against them and its published hash, with packages/shared's split and check.
 */
export function RedPacketCheck({ packetId, onPick }: { packetId: number | null; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const packet = useFairPacket(packetId ?? 0);
  const [typed, setTyped] = useState<{ for: number | null; value: string } | null>(null);
  const value = typed && typed.for === packetId ? typed.value : packetId ? String(packetId) : '';
  // A packet named (by a room's post or typed here): its check is what the player wants to see.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (packetId) section.current?.scrollIntoView?.({ block: 'start' });
  }, [packetId]);
  return (
    <section ref={section} className="l28-surface fair-card fair-bets" id="red-packet" data-testid="fair-packet">
      <h3>{t('fair.packet.title')}</h3>
      <p className="fair-bets-intro">{t('fair.packet.intro')}</p>
      <form
        className="fair-issue"
        onSubmit={(e) => {
          e.preventDefault();
          const id = Number(value);
          if (Number.isSafeInteger(id) && id > 0) onPick(id);
        }}
      >
        <Input
          value={value}
          onChange={(v) => setTyped({ for: packetId, value: v.replace(/\D/g, '') })}
          placeholder={t('fair.packet.idPlaceholder')}
          inputMode="numeric"
          aria-label={t('fair.packet.id')}
          data-testid="fair-packet-id"
        />
        <Button type="submit" size="small" color="primary" shape="rounded" data-testid="fair-packet-check">
          {t('fair.packet.check')}
        </Button>
      </form>
      {packet.isLoading && <Skeleton.Paragraph lineCount={4} animated />}
      {packet.isError && (
        <p className="fair-bets-note" role="alert" data-testid="fair-packet-error">
          {packet.error.message}
        </p>
      )}
      {packet.data && <PacketReport key={packet.data.id} packet={packet.data} />}
    </section>
  );
}
