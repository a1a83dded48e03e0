import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../lib/api';
import { fakeApi, ok, renderRoutes } from '../test/render';
import { DateRangeFilter } from './DateRangeFilter';

const shown = (el: Element | null) => {
  const popup = el?.closest('.adm-popup') as HTMLElement | null;
  return popup !== null && popup.style.display !== 'none';
};

describe("the date filter's drawer and its pickers", () => {
  it('back closes the innermost open layer: the picker first, then the drawer, then it leaves the list', async () => {
    const api = fakeApi({ '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'UTC' }) });
    configureApiClient({ fetch: api.fetch });
    const onApply = vi.fn();
    const { router } = renderRoutes(
      [
        {
          path: '/capitalDetail',
          element: <DateRangeFilter value={{ begin: '', end: '' }} onApply={onApply} i18nPrefix="wallet.ledger" classPrefix="wallet" testId="ledger-filter" />,
        },
        { path: '*', element: <div data-testid="elsewhere" /> },
      ],
      ['/personal', '/capitalDetail'],
    );
    fireEvent.click(screen.getByTestId('ledger-filter'));
    const drawer = () => document.querySelector('.wallet-drawer');
    await waitFor(() => expect(shown(drawer())).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Start date/ }));
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['date-filter', 'date-Start date'] }));
    await waitFor(() => expect(document.querySelector('.adm-picker')).not.toBeNull());

    // Back: the picker closes, the drawer stays.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/capitalDetail');
    await waitFor(() => expect(shown(document.querySelector('.adm-picker'))).toBe(false));
    expect(shown(drawer())).toBe(true);
    // Back: the drawer closes, the list stays.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/capitalDetail');
    await waitFor(() => expect(shown(drawer())).toBe(false));
    // Back: leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/personal');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('a drawer closed on screen takes its history entry with it: back then leaves the list at once', async () => {
    const api = fakeApi({ '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 60, close_before_seconds: 10, time_zone: 'UTC' }) });
    configureApiClient({ fetch: api.fetch });
    const onApply = vi.fn();
    const { router } = renderRoutes(
      [
        {
          path: '/capitalDetail',
          element: <DateRangeFilter value={{ begin: '', end: '' }} onApply={onApply} i18nPrefix="wallet.ledger" classPrefix="wallet" />,
        },
        { path: '*', element: <div data-testid="elsewhere" /> },
      ],
      ['/personal', '/capitalDetail'],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['date-filter'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onApply).toHaveBeenCalledWith({ begin: '', end: '' });
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/capitalDetail');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/personal');
  });
});
