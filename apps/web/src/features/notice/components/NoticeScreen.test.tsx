/** /notice's station messages: a streak alert carries its link to the fairness page (docs/statistics.md#streak-alerts); other messages none. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@lucky28/shared/messages';
import { configureApiClient } from '../../../lib/api';
import { loadContentTexts } from '../../../i18n/contentTexts';
import { fakeApi, ok, renderRoutes } from '../../../test/render';
import { NoticeScreen } from './NoticeScreen';

const message = (id: number, key: string | null, title: string, content: string) => ({
  id,
  type: 1,
  title,
  content,
  key,
  read: false,
  createtime: 1_700_000_000 + id,
});

function open(list: ReturnType<typeof message>[]) {
  const api = fakeApi({
    '/api/user/noticeList': () => ok({ total: list.length, unread: list.length, list }),
    '/api/user/noticeUnread': () => ok({ station: 0, platform: 0, total: 0 }),
    '/api/Lottery/index': () => ok({ gameList: [], round_seconds: 210, close_before_seconds: 30, time_zone: 'Asia/Shanghai' }),
  });
  configureApiClient({ fetch: api.fetch });
  renderRoutes(
    [
      { path: '/notice', element: <NoticeScreen /> },
      { path: '/fair', element: <div data-testid="fair-page" /> },
    ],
    ['/notice'],
  );
}

describe('the station messages', () => {
  beforeAll(() => loadContentTexts());

  it('links a streak alert to the fairness page, and no other message', async () => {
    open([
      message(
        3,
        'streak_alert',
        translate('en', 'notice.streak_alert.title'),
        translate('en', 'notice.streak_alert.body', { game: 'American 28', class: 'Big', run: '6' }),
      ),
      message(2, 'streak_alert', translate('vi', 'notice.streak_alert.title'), 'vi'),
      // A message that only reads like an alert is not one.
      message(1, 'deposit_approved', translate('en', 'notice.streak_alert.title'), 'Your deposit was approved'),
    ]);
    const items = await screen.findAllByTestId('notice-item', {}, { timeout: 10_000 });
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByTestId('notice-fair-link').textContent).toBe('Verify fairness');
    expect(within(items[1]!).getByTestId('notice-fair-link').getAttribute('href')).toBe('/fair');
    expect(within(items[2]!).queryByTestId('notice-fair-link')).toBeNull();
    await userEvent.click(within(items[0]!).getByTestId('notice-fair-link'));
    expect(await screen.findByTestId('fair-page')).toBeTruthy();
  });
});
