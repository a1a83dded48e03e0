import { useTranslation } from 'react-i18next';
import { isMiddleTotal } from '@lucky28/shared/game';
import { openResultParts, type BetOrder } from '../model/order';

type OddsOfOrder = Pick<BetOrder, 'odds' | 'odds_special' | 'applied_odds' | 'lottery_code' | 'status'>;

/** Whether the order was paid at its special odds because the total was 13 or 14 (docs/design.md#the-odds-table), and that total. */
export function specialOddsApplied(o: OddsOfOrder): { applied: boolean; total: number | null } {
  const parts = openResultParts(o.lottery_code);
  const total = parts ? Number(parts[3]) : null;
  const applied = o.status === 1 && !!o.applied_odds && !!o.odds_special && o.applied_odds === o.odds_special && total !== null && isMiddleTotal(total);
  return { applied, total };
}

/**
 * The odds an order was paid at and, where the 13/14 rule changed them, why: a line of the history
 * list (`row`), or the bet detail's full sentence (`detail`). Before the draw the detail states the rule
 * for an order that has special odds.
 */
export function AppliedOdds({ order, variant }: { order: OddsOfOrder; variant: 'row' | 'detail' }) {
  const { t } = useTranslation();
  const { applied, total } = specialOddsApplied(order);
  if (variant === 'row') {
    if (!order.applied_odds) return null;
    return (
      <span className={`hist-applied ${applied ? 'hist-applied-special' : ''}`} data-testid="order-applied-odds">
        {t('odds1314.paid', { applied: order.applied_odds })}
        {applied && ` · ${t('odds1314.ruleShort')}`}
      </span>
    );
  }
  if (applied) {
    return (
      <span className="hist-applied hist-applied-special" data-testid="detail-applied-odds">
        {t('odds1314.paidSpecial', { applied: order.applied_odds, odds: order.odds, total })}
      </span>
    );
  }
  if (order.applied_odds) {
    return (
      <span className="hist-applied" data-testid="detail-applied-odds">
        {t('odds1314.paid', { applied: order.applied_odds })}
      </span>
    );
  }
  if (order.odds_special && order.odds && order.status !== 1) {
    return (
      <span className="hist-applied" data-testid="detail-odds-rule">
        {t('odds1314.rule', { special: order.odds_special, odds: order.odds })}
      </span>
    );
  }
  return <span data-testid="detail-applied-odds">----</span>;
}
