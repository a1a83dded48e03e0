import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { configureApiClient } from '../../../lib/api';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { settledWinningOrder } from '../model/order.testdata';
import type { BetOrder } from '../model/order';
import { BetDetailScreen, BetDetailView } from './BetDetailScreen';

const order = settledWinningOrder;

const showOrder = (o: BetOrder) => renderRoutes([{ path: '/betDetail', element: <BetDetailView order={o} /> }], ['/betDetail']);

describe('BetDetailView', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  it('shows a settled order with its profit and the open result in four parts', async () => {
    showOrder(order);
    expect(await screen.findByTestId('detail-profit')).toHaveProperty('textContent', '10.00 u');
    expect(screen.getByTestId('order-outcome').textContent).toBe('Won');
    expect(screen.getByTestId('open-result').textContent).toBe('3+5+7=15');
    expect(screen.getByText('B1')).toBeTruthy();
    expect(screen.getByTestId('detail-odds').textContent).toBe('2.00');
    expect(screen.getByTestId('detail-payout').textContent).toBe('20.00 u');
    expect(screen.getByTestId('detail-verify').getAttribute('href')).toBe('/fair?game_id=7&issue=20250101001');
  });

  it('hides the profit while the order awaits its draw and says it follows the draw', async () => {
    showOrder({ ...order, status: 0, profit: null, whether_hit: null, lottery_code: '' });
    expect((await screen.findByTestId('detail-profit')).textContent).toBe('----');
    expect(screen.getByTestId('order-outcome').textContent).toBe('Accepted');
    expect(screen.getByTestId('detail-payout').textContent).toBe('----');
    expect(screen.getByTestId('open-result-pending').textContent).toBe('Not drawn yet');
    expect(screen.getByText('Following the draw…')).toBeTruthy();
  });
});

describe('BetDetailScreen', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  const detailRoutes = [
    { path: '/betDetail', element: <BetDetailScreen /> },
    { path: '/betRecord', element: <div data-testid="bet-record" /> },
  ];

  it.each([
    ['no order named', '/betDetail', 'Parameter error'],
    ['an empty order number', '/betDetail?orderNo=%20', 'Parameter error'],
    ["the spec's item that is not JSON", '/betDetail?item=%7Bbroken', 'Data format error'],
    ['an item without an order number', `/betDetail?item=${encodeURIComponent(JSON.stringify({ ...order, orderNo: undefined }))}`, 'Data format error'],
    ['an order number the server never gives', `/betDetail?orderNo=${'9'.repeat(41)}`, 'Data format error'],
  ])('%s: says why and goes back (to the history, opened directly), asking the server nothing', async (_, link, text) => {
    const api = fakeApi({ '/api/user/orderDetail': () => ok(order) });
    configureApiClient({ fetch: api.fetch });
    const { router } = renderRoutes(detailRoutes, [link]);
    expect(await screen.findByTestId('bet-record')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/betRecord');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/user/orderDetail')).toEqual([]);
  });

  it("opens the order the spec's item names, as the server has it — nothing else of the link is shown", async () => {
    const api = fakeApi({ '/api/user/orderDetail': () => ok(order) });
    configureApiClient({ fetch: api.fetch });
    const forged = { ...order, profit: '88888.00', lottery_code: '9 9 9 27' };
    renderRoutes(detailRoutes, [`/betDetail?item=${encodeURIComponent(JSON.stringify(forged))}`]);
    expect((await screen.findByTestId('detail-profit')).textContent).toBe('10.00 u');
    expect(screen.getByTestId('open-result').textContent).toBe('3+5+7=15');
    expect(screen.queryByText(/88888/)).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/user/orderDetail').map((c) => c.body.order_no)).toEqual([order.orderNo]);
  });

  it('says "jump failed" with the server\'s reason when the order cannot be loaded, and opens it on Retry once it can', async () => {
    let found = false;
    const api = fakeApi({ '/api/user/orderDetail': () => (found ? ok(order) : fail('Order not found', 0, 200, 'order_no')) });
    configureApiClient({ fetch: api.fetch });
    renderRoutes([{ path: '/betDetail', element: <BetDetailScreen /> }], ['/betDetail?orderNo=B404']);
    const failed = await screen.findByTestId('bet-detail-failed');
    expect(failed.textContent).toContain('Jump failed: this bet could not be opened');
    expect(failed.textContent).toContain('Order not found');
    expect(screen.queryByTestId('detail-profit')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/user/orderDetail').map((c) => c.body.order_no)).toEqual(['B404']);
    found = true;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect((await screen.findByTestId('detail-profit')).textContent).toBe('10.00 u');
    expect(screen.queryByTestId('bet-detail-failed')).toBeNull();
  });
});
