import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { renderRoutes } from '../../../test/render';
import { settledWinningOrder } from '../model/order.testdata';
import { BetDetailScreen } from './BetDetailScreen';

const order = settledWinningOrder;

const show = (item: string | null) =>
  renderRoutes(
    [
      { path: '/betDetail', element: <BetDetailScreen /> },
      { path: '/betRecord', element: <div data-testid="record" /> },
    ],
    [item === null ? '/betDetail' : `/betDetail?item=${encodeURIComponent(item)}`],
  );

describe('BetDetailScreen', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  it('shows a settled order with its profit and the open result in four parts', async () => {
    show(JSON.stringify(order));
    expect(await screen.findByTestId('detail-profit')).toHaveProperty('textContent', '10.00 u');
    expect(screen.getByTestId('order-outcome').textContent).toBe('Won');
    expect(screen.getByTestId('open-result').textContent).toBe('3+5+7=15');
    expect(screen.getByText('B1')).toBeTruthy();
    expect(screen.getByTestId('detail-odds').textContent).toBe('2.00');
    expect(screen.getByTestId('detail-payout').textContent).toBe('20.00 u');
    expect(screen.getByTestId('detail-verify').getAttribute('href')).toBe('/fair?game_id=7&issue=20250101001');
  });

  it('hides the profit while the order awaits its draw', async () => {
    show(JSON.stringify({ ...order, status: 0, profit: null, whether_hit: null, lottery_code: '' }));
    expect((await screen.findByTestId('detail-profit')).textContent).toBe('----');
    expect(screen.getByTestId('order-outcome').textContent).toBe('Accepted');
    expect(screen.getByTestId('detail-payout').textContent).toBe('----');
  });

  it('says "parameter error" and goes back without an item', async () => {
    show(null);
    expect(await screen.findByText('Parameter error')).toBeTruthy();
    expect(await screen.findByTestId('record')).toBeTruthy();
  });

  it('says "data format error" and goes back on unreadable JSON', async () => {
    show('{not json');
    expect(await screen.findByText('Data format error')).toBeTruthy();
    expect(await screen.findByTestId('record')).toBeTruthy();
  });
});
