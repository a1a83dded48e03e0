import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../lib/api';
import { loadGameTexts } from '../i18n/gameTexts';
import { fakeApi, ok, renderRoutes } from '../test/render';
import { FindScreen } from '../features/draws/components/FindScreen';
import { TrendChartScreen } from '../features/draws/components/TrendChartScreen';
import { HomeScreen } from '../features/home/components/HomeScreen';

const draw = { id: 1, game_id: 7, issue: '20250101001', site_1: 4, site_2: 5, site_3: 5, code: 14, base: [], join: '', trend: null, numbers: [] };

describe('HomeScreen shortcuts', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  it('lead to the trend table and to the candle chart, each named for what it is', async () => {
    const api = fakeApi({
      '/api/index/index': () => ok({ banner: [] }),
      '/api/Lottery/issueList': () => ok([{ ...draw, trend: { size: 1, parity: 4, combo: 10, extreme: null } }]),
    });
    configureApiClient({ fetch: api.fetch });
    const { router } = renderRoutes([
      { path: '/', element: <HomeScreen /> },
      { path: '/trendChart', element: <TrendChartScreen /> },
      { path: '/find', element: <FindScreen /> },
    ]);
    const table = await screen.findByRole('link', { name: 'Trend table' });
    expect(table.getAttribute('href')).toBe('/trendChart');
    expect(screen.getByRole('link', { name: 'Candle chart' }).getAttribute('href')).toBe('/find');
    expect(screen.queryByRole('link', { name: 'Trends' })).toBeNull();

    fireEvent.click(table);
    // The table players expect: issue, result and the trend columns.
    expect(await screen.findByTestId('trend-table')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Round' })).toBeTruthy();
    expect(document.querySelector('.page-nav')?.textContent).toBe('American 28 trend table');

    await router.navigate('/');
    fireEvent.click(await screen.findByRole('link', { name: 'Candle chart' }));
    expect(router.state.location.pathname).toBe('/find');
    await screen.findByText(/Each candle covers/);
    expect(document.querySelector('.page-nav')?.textContent).toBe('Candle chart');
  });
});
