import { useMemo, useState } from 'react';
import { Button, Input, Popup, Tabs, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@lucky28/shared/money';
import { formatOdds } from '@lucky28/shared/game';
import { checkSlip, picksOnTab, slipLines, toggleClass, totalStake, type PanelTab, type SlipLine } from '../model/betSlip';
import type { OddsClass } from '../../../lib/oddsClass';
import { useBackCloses } from '../../../hooks/useBackCloses';

export interface SlipState {
  tab: PanelTab;
  selected: number[];
  amount: string;
}

interface BetPanelProps {
  visible: boolean;
  onClose: () => void;
  base: OddsClass[];
  num: OddsClass[];
  slip: SlipState;
  onSlip: (slip: SlipState) => void;
  issue: string;
  /** The quick amounts this room offers (none below its minimum stake). */
  amounts: readonly string[];
  submitting: boolean;
  /** Asked before the confirmation opens: false when the caller may not bet (a guest, who is asked to register instead). */
  mayBet: () => boolean;
  onSubmit: (playTypes: number[], amountCents: number) => void;
}

function ClassButton({ c, active, onTap, compact }: { c: OddsClass; active: boolean; onTap: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`bp-class ${active ? 'bp-class-on' : ''} ${compact ? 'bp-class-num' : ''}`}
      aria-pressed={active}
      aria-label={`${c.name} ${formatOdds(c.odds)}${c.oddsSpecial === null ? '' : `, ${t('odds1314.badgeAria', { odds: formatOdds(c.oddsSpecial) })}`}`}
      onClick={onTap}
      data-testid={`bet-class-${c.classId}`}
    >
      {/* On the sum tab the number alone names the bet (its full name is the label). */}
      <span className="bp-class-name">{compact ? String(c.classId - 100) : c.name}</span>
      <span className="bp-class-odds">{formatOdds(c.odds)}</span>
      {c.oddsSpecial !== null && (
        <span className="bp-class-special" data-testid={`bet-special-${c.classId}`}>
          {t('odds1314.badge', { odds: formatOdds(c.oddsSpecial) })}
        </span>
      )}
      {c.rtp && (
        <span className="bp-class-rtp" data-testid={`bet-rtp-${c.classId}`}>
          {t('room.rtp', { rtp: c.rtp })}
        </span>
      )}
    </button>
  );
}

/** The confirmation's list: every bet with its odds, stake and what it pays if it wins (the 13/14 payout beside it where it differs). */
function SlipReview({ lines, issue }: { lines: SlipLine[]; issue: string }) {
  const { t } = useTranslation();
  const hasSpecial = lines.some((l) => l.payoutSpecial !== null);
  return (
    <div className="bp-review" data-testid="bet-review">
      <h3 className="bp-review-title">{t('room.review.title', { count: lines.length, issue })}</h3>
      <table className="bp-review-table">
        <thead>
          <tr>
            <th scope="col">{t('room.review.bet')}</th>
            <th scope="col">{t('room.review.odds')}</th>
            <th scope="col">{t('room.review.stake')}</th>
            <th scope="col">{t('room.review.payout')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.classId} data-testid={`bet-line-${l.classId}`}>
              <th scope="row">{l.name}</th>
              <td>
                {formatOdds(l.odds)}
                {l.oddsSpecial !== null && l.payoutSpecial !== null && (
                  <span className="bp-review-special">{t('odds1314.badge', { odds: formatOdds(l.oddsSpecial) })}</span>
                )}
              </td>
              <td>{formatMoney(l.stake)}</td>
              <td data-testid={`bet-line-payout-${l.classId}`}>
                {formatMoney(l.payout)}
                {l.payoutSpecial !== null && (
                  <span className="bp-review-special" data-testid={`bet-line-special-${l.classId}`}>
                    {t('odds1314.badge', { odds: formatMoney(l.payoutSpecial) })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bp-note">{t('room.review.eachOnItsOwn')}</p>
      {hasSpecial && <p className="bp-note">{t('room.review.specialNote')}</p>}
    </div>
  );
}

/**
 * The betting panel (docs/product.md#states-and-transitions, #validation-rules, #constants-and-game-rules): regular and number tabs from the room's oddsList; a tap
 * toggles a class; the picks are kept when the tab changes (each tab shows how many it holds);
 * quick amounts and a custom amount; the stake of each bet and the total (amount × picks) stay beside
 * the button. "Place bet" opens the confirmation, the list of every bet (odds, stake, what it pays),
 * and only its "Confirm" places them, in one request. No summed odds: a sum of odds is the payout of
 * nothing (docs/spec-differences.md).
 */
export function BetPanel({ visible, onClose, base, num, slip, onSlip, issue, amounts, submitting, mayBet, onSubmit }: BetPanelProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(false);
  // The slip checked and shown for confirmation; editing it again (or closing the sheet) leaves the confirmation.
  const [review, setReview] = useState<{ playTypes: number[]; amount: number } | null>(null);
  const classes = slip.tab === 'base' ? base : num;
  const all = useMemo(() => [...base, ...num], [base, num]);
  const stake = totalStake(slip.amount, slip.selected.length);
  const each = totalStake(slip.amount, 1);
  const quick = amounts;
  const isQuick = !custom && quick.includes(slip.amount);
  // A typed amount is shown as typed; one that is not an amount is refused with the field's message, never rewritten.
  const amountProblem = !isQuick && slip.amount.trim() !== '' && stake === null;
  const hasSpecial = classes.some((c) => c.oddsSpecial !== null);
  const close = () => {
    setReview(null);
    onClose();
  };
  useBackCloses(visible, close, 'bet-panel');
  if (!visible && review) setReview(null);

  const toReview = () => {
    const check = checkSlip(all, slip.selected, slip.amount);
    if (!check.ok) {
      Toast.show({ content: t(check.key, check.params) });
      return;
    }
    if (!mayBet()) return;
    setReview({ playTypes: check.playTypes, amount: check.amount });
  };

  const edit = (next: SlipState) => {
    setReview(null);
    onSlip(next);
  };

  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} bodyClassName="bp" destroyOnClose={false}>
      <div className="bp-scroll">
        <div className="bp-head">
          <span className="bp-issue">{t('room.betOn', { issue })}</span>
          <button type="button" className="bp-close" onClick={close} aria-label={t('common.cancel')}>
            ×
          </button>
        </div>
        {review ? (
          <SlipReview lines={slipLines(all, review.playTypes, review.amount)} issue={issue} />
        ) : (
          <>
            <Tabs className="bp-tabs" activeKey={slip.tab} onChange={(key) => edit({ ...slip, tab: key as PanelTab })}>
              {(['base', 'num'] as const).map((tab) => {
                const count = picksOnTab(slip.selected, tab);
                return (
                  <Tabs.Tab
                    key={tab}
                    title={
                      <span className="bp-tab-title">
                        {t(tab === 'base' ? 'room.tabBase' : 'room.tabNum')}
                        {count > 0 && (
                          <span className="bp-tab-count" data-testid={`bet-tab-count-${tab}`} aria-label={t('room.picksOnTab', { count })}>
                            {count}
                          </span>
                        )}
                      </span>
                    }
                  />
                );
              })}
            </Tabs>
            <div className={`bp-grid ${slip.tab === 'num' ? 'bp-grid-num' : ''}`}>
              {classes.map((c) => (
                <ClassButton
                  key={c.classId}
                  c={c}
                  compact={slip.tab === 'num'}
                  active={slip.selected.includes(c.classId)}
                  onTap={() => edit({ ...slip, selected: toggleClass(slip.selected, c.classId) })}
                />
              ))}
            </div>
            {hasSpecial && <p className="bp-note">{t('odds1314.note')}</p>}
            <div className="bp-amounts" role="group" aria-label={t('room.amount')}>
              {quick.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`bp-chip ${isQuick && slip.amount === a ? 'bp-chip-on' : ''}`}
                  data-testid={`bet-chip-${a}`}
                  onClick={() => {
                    setCustom(false);
                    edit({ ...slip, amount: a });
                  }}
                >
                  {a}
                </button>
              ))}
              <button
                type="button"
                className={`bp-chip ${!isQuick ? 'bp-chip-on' : ''}`}
                onClick={() => {
                  setCustom(true);
                  edit({ ...slip, amount: '' });
                }}
              >
                {t('room.custom')}
              </button>
            </div>
            {!isQuick && (
              <>
                <div className={`bp-custom ${amountProblem ? 'bp-custom-bad' : ''}`}>
                  <Input
                    autoFocus
                    inputMode="decimal"
                    placeholder={t('room.amountPlaceholder')}
                    value={slip.amount}
                    onChange={(v) => edit({ ...slip, amount: v })}
                    aria-label={t('room.amount')}
                    aria-invalid={amountProblem}
                    data-testid="bet-amount"
                  />
                  <span>u</span>
                </div>
                {amountProblem && (
                  <div className="bp-field-error" role="alert" data-testid="bet-amount-error">
                    {t('room.invalidAmount')}
                  </div>
                )}
              </>
            )}
          </>
        )}
      </div>
      {/* Beside the button, never scrolled away: how many bets, the stake of each and the total. */}
      <div className="bp-actions">
        <div className="bp-summary" data-testid="bet-summary">
          <span>
            {t('room.selected')} <b data-testid="bet-count">{slip.selected.length}</b>
          </span>
          <span>
            {t('room.stakeEach')} <b data-testid="bet-stake">{each === null ? '--' : formatMoney(each)}</b> u
          </span>
          <span>
            {t('room.totalBet')} <b data-testid="bet-total">{stake === null ? '0.00' : formatMoney(stake)}</b> u
          </span>
        </div>
        {review ? (
          <div className="bp-buttons">
            <Button shape="rounded" size="large" className="bp-back" onClick={() => setReview(null)} disabled={submitting} data-testid="bet-review-back">
              {t('room.review.change')}
            </Button>
            <Button
              color="primary"
              shape="rounded"
              size="large"
              className="bp-confirm"
              loading={submitting}
              onClick={() => onSubmit(review.playTypes, review.amount)}
              data-testid="bet-confirm"
            >
              {t('room.review.confirm', { count: review.playTypes.length })}
            </Button>
          </div>
        ) : (
          <Button block color="primary" shape="rounded" size="large" onClick={toReview} data-testid="bet-submit">
            {t('room.placeBet')}
          </Button>
        )}
      </div>
    </Popup>
  );
}
