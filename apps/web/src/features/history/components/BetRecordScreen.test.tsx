import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, ok, renderRoutes } from '../../../test/render';
import { settledWinningOrder } from '../model/order.testdata';
import { BetRecordScreen } from './BetRecordScreen';

describe('BetRecordScreen', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  it('opens a row’s detail, and says "jump failed" (spec §8) for a row the detail screen cannot open', async () => {
    // The second row lacks its bet time: /betDetail would refuse it ("data format error") and go back.
    const broken = { ...settledWinningOrder, orderNo: 'B2', createtime: 'soon' };
    const api = fakeApi({
      '/api/user/orderList': () => ok([settledWinningOrder, broken]),
      '/api/user/orderTotals': () => ok({ stake: '20.00', payout: '20.00', result: '0.00' }),
    });
    configureApiClient({ fetch: api.fetch });
    const { router } = renderRoutes(
      [
        { path: '/betRecord', element: <BetRecordScreen /> },
        { path: '/betDetail', element: <div data-testid="detail" /> },
      ],
      ['/betRecord'],
    );
    const rows = await screen.findAllByTestId('order-row');
    fireEvent.click(rows.find((r) => r.dataset.order === 'B2')!);
    expect(await screen.findByText('Jump failed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/betRecord');
    fireEvent.click(rows.find((r) => r.dataset.order === 'B1')!);
    expect(await screen.findByTestId('detail')).toBeTruthy();
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('item')!).orderNo).toBe('B1');
  });
});
