import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentTexts } from '../../../i18n/contentTexts';
import { renderRoutes } from '../../../test/render';
import { GamePromotionScreen } from './GamePromotionScreen';

beforeAll(() => loadContentTexts());

describe('GamePromotionScreen', () => {
  it('Back closes the full-screen picture and stays; the next Back leaves the screen', async () => {
    const { router } = renderRoutes(
      [
        { path: '/GamePromotion', element: <GamePromotionScreen /> },
        { path: '*', element: <div data-testid="elsewhere" /> },
      ],
      ['/', '/GamePromotion'],
    );
    fireEvent.click(screen.getByTestId('promo-image'));
    expect(await screen.findByTestId('promo-overlay')).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['promo-zoom'] }));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByTestId('promo-overlay')).toBeNull());
    expect(router.state.location.pathname).toBe('/GamePromotion');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('a tap closes the picture and takes its history entry with it', async () => {
    const { router } = renderRoutes(
      [
        { path: '/GamePromotion', element: <GamePromotionScreen /> },
        { path: '*', element: <div /> },
      ],
      ['/', '/GamePromotion'],
    );
    fireEvent.click(screen.getByTestId('promo-image'));
    fireEvent.click(await screen.findByTestId('promo-overlay'));
    await waitFor(() => expect(screen.queryByTestId('promo-overlay')).toBeNull());
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});
