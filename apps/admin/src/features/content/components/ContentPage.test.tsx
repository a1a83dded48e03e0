import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import type { AdminArticle, AdminTab } from '../api/content';
import { ContentPage } from './ContentPage';

const names = (en: string) => ({ zh: `${en}-zh`, tw: `${en}-tw`, en, vi: `${en}-vi` });
const guides: AdminTab = { id: 4, name: names('Guides'), sort: 1, articles: 1 };
const howTo: AdminArticle = {
  id: 12,
  tab_id: 4,
  lang: 'en',
  title: 'How to deposit',
  content: '<p>Open the wallet.</p>',
  is_top: false,
  views: 30,
  createtime: 1_780_000_000,
};

beforeEach(() => session.set('op-token'));

describe('the content page', () => {
  it('edits an article in the rich-text drawer, saves it under its id with its language, and lists the new title', async () => {
    let article = howTo;
    const { calls } = fakeServer({
      bannerList: () => ok([]),
      articleTabList: () => ok([guides]),
      articleList: () => ok({ total: 1, list: [article] }),
      articleSave: (b) => {
        article = { ...article, title: b.title as string };
        return ok({ id: 12 });
      },
    });
    const { router } = renderScreen(<ContentPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Articles' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=articles'));
    const row = (await screen.findByText('How to deposit')).closest('tr')!;
    expect(within(row).getByText('Guides')).toBeTruthy();
    expect(calls.find((c) => c.call === 'articleList')?.body).toEqual({ lang: 'en', page: 1, limit: 20 });

    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    expect((await within(drawer).findByTestId('rich-editor')).textContent).toBe('Open the wallet.');
    fireEvent.change(within(drawer).getByTestId('article-title'), { target: { value: 'How to deposit USDT' } });
    await userEvent.click(within(drawer).getByTestId('article-save'));
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(calls.find((c) => c.call === 'articleSave')?.body).toEqual({
      lang: 'en',
      id: 12,
      tab_id: 4,
      language: 'en',
      title: 'How to deposit USDT',
      content: '<p>Open the wallet.</p>',
      is_top: false,
    });
    expect(await screen.findByText('How to deposit USDT')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 90_000);
});
