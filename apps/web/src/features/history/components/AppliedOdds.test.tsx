import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { settledWinningOrder } from '../model/order.testdata';
import { AppliedOdds } from './AppliedOdds';

/** An odd bet at 2.00 that won on a total of 13: paid at its special 1.60. */
const oddOn13 = { ...settledWinningOrder, play_method: 'Odd', play_type: 3, lottery_code: '4 4 5 13', applied_odds: '1.60', payout: '16.00', profit: '6.00' };

describe('AppliedOdds', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  it('says why a win on 13 paid less than the odds: the 13/14 rule, in the detail and the history row', () => {
    render(<AppliedOdds order={oddOn13} variant="detail" />);
    expect(screen.getByTestId('detail-applied-odds').textContent).toBe(
      'Paid at 1.60, not 2.00: the total was 13, and on 13 or 14 this bet pays 1.60 (the 13/14 rule).',
    );
    render(<AppliedOdds order={oddOn13} variant="row" />);
    expect(screen.getByTestId('order-applied-odds').textContent).toBe('Paid at 1.60 · 13/14 rule');
  });

  it('a win on another total shows the odds paid and no rule', () => {
    render(<AppliedOdds order={settledWinningOrder} variant="row" />);
    expect(screen.getByTestId('order-applied-odds').textContent).toBe('Paid at 2.00');
  });

  it('before the draw the detail states the rule for an order with special odds; a lost order shows nothing paid', () => {
    render(<AppliedOdds order={{ ...oddOn13, status: 0, lottery_code: '', applied_odds: null }} variant="detail" />);
    expect(screen.getByTestId('detail-odds-rule').textContent).toBe('On a total of 13 or 14 this bet pays 1.60 instead of 2.00.');
    const lost = { ...oddOn13, applied_odds: null, whether_hit: 0 };
    const { container } = render(<AppliedOdds order={lost} variant="row" />);
    expect(container.textContent).toBe('');
  });
});
