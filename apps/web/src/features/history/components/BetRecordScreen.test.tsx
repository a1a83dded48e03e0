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

  it('opens a row’s detail by its order number only: the detail screen loads the order from the server', async () => {
    const other = { ...settledWinningOrder, orderNo: 'B2' };
    const api = fakeApi({
      '/api/user/orderList': () => ok([settledWinningOrder, other]),
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
    expect(await screen.findByTestId('detail')).toBeTruthy();
    expect([...new URLSearchParams(router.state.location.search).entries()]).toEqual([['orderNo', 'B2']]);
  });
});
