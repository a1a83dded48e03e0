import { useMemo, useState } from 'react';
import { Button, Input, Popup, Tabs, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@lucky28/shared/money';
import { formatOdds } from '@lucky28/shared/game';
import { checkSlip, toggleClass, totalOdds, totalStake, type PanelTab } from '../model/betSlip';
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

/**
 * The betting panel (spec §4, §5, §9): regular and number tabs from the room's oddsList; a tap
 * toggles a class; changing tab clears the selection; quick amounts and a custom amount; total
 * bet = amount × selected count and total odds = the sum of the selected odds.
 */
export function BetPanel({ visible, onClose, base, num, slip, onSlip, issue, amounts, submitting, onSubmit }: BetPanelProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(false);
  const classes = slip.tab === 'base' ? base : num;
  const all = useMemo(() => [...base, ...num], [base, num]);
  const stake = totalStake(slip.amount, slip.selected.length);
  const quick = amounts;
  const isQuick = !custom && quick.includes(slip.amount);
  // A typed amount is shown as typed; one that is not an amount is refused with the field's message, never rewritten.
  const amountProblem = !isQuick && slip.amount.trim() !== '' && stake === null;
  const hasSpecial = classes.some((c) => c.oddsSpecial !== null);
  useBackCloses(visible, onClose, 'bet-panel');

  const submit = () => {
    const check = checkSlip(all, slip.selected, slip.amount);
    if (!check.ok) {
      Toast.show({ content: t(check.key, check.params) });
      return;
    }
    onSubmit(check.playTypes, check.amount);
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp" destroyOnClose={false}>
      <div className="bp-scroll">
        <div className="bp-head">
          <span className="bp-issue">{t('room.betOn', { issue })}</span>
          <button type="button" className="bp-close" onClick={onClose} aria-label={t('common.cancel')}>
            ×
          </button>
        </div>
        <Tabs className="bp-tabs" activeKey={slip.tab} onChange={(key) => onSlip({ ...slip, tab: key as PanelTab, selected: [] })}>
          <Tabs.Tab key="base" title={t('room.tabBase')} />
          <Tabs.Tab key="num" title={t('room.tabNum')} />
        </Tabs>
        <div className={`bp-grid ${slip.tab === 'num' ? 'bp-grid-num' : ''}`}>
          {classes.map((c) => (
            <ClassButton
              key={c.classId}
              c={c}
              compact={slip.tab === 'num'}
              active={slip.selected.includes(c.classId)}
              onTap={() => onSlip({ ...slip, selected: toggleClass(slip.selected, c.classId) })}
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
                onSlip({ ...slip, amount: a });
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
              onSlip({ ...slip, amount: '' });
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
                onChange={(v) => onSlip({ ...slip, amount: v })}
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
        <div className="bp-summary">
          <span>
            {t('room.selected')} <b>{slip.selected.length}</b>
          </span>
          <span>
            {t('room.totalBet')} <b data-testid="bet-total">{stake === null ? '0.00' : formatMoney(stake)}</b> u
          </span>
          <span>
            {t('room.totalOdds')} <b>{totalOdds(all, slip.selected)}</b>
          </span>
        </div>
      </div>
      <div className="bp-actions">
        <Button block color="primary" shape="rounded" size="large" loading={submitting} onClick={submit} data-testid="bet-submit">
          {t('room.placeBet')}
        </Button>
      </div>
    </Popup>
  );
}
