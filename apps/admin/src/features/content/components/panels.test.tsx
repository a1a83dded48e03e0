import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, refuse, renderScreen } from '../../../test/render';
import '../texts';
import { TabsPanel } from './TabsPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { BannersPanel } from './BannersPanel';

const names = (en: string) => ({ zh: `${en}-zh`, tw: `${en}-tw`, en, vi: `${en}-vi` });
const tab = { id: 4, name: names('Guides'), sort: 2, articles: 0 };
const announcement = { id: 8, title: names('Maintenance'), content: names('Tonight'), enabled: false, createtime: 1_780_000_000 };
const banner = { id: 5, image: '/uploads/b.png', title: 'Spring', link: null, lang: 'en', enabled: true, sort: 1, createtime: 1_780_000_000 };

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('content panels', () => {
  it('edits an article tab in its dialog and saves it under its id', async () => {
    const { calls } = fakeServer({ articleTabList: () => ok([tab]), articleTabSave: () => ok({ id: 4 }) });
    renderScreen(<TabsPanel />);
    await userEvent.click(within(await rowOf('Guides')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit')).toBeTruthy();
    const english = within(dialog).getByLabelText('Name · English');
    await userEvent.clear(english);
    await userEvent.type(english, 'Help');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'articleTabSave')?.body).toMatchObject({ id: 4, name: { en: 'Help', zh: 'Guides-zh' }, sort: 2 }));
  });

  it('says why the server refused to delete a tab', async () => {
    fakeServer({ articleTabList: () => ok([tab]), articleTabDelete: () => refuse('This tab still has articles') });
    renderScreen(<TabsPanel />);
    await userEvent.click(within(await rowOf('Guides')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This tab still has articles')).toBeTruthy();
  });

  it('adds an announcement shown to players by default, with no id', async () => {
    const { calls } = fakeServer({ announcementList: () => ok([announcement]), announcementSave: () => ok({ id: 9 }) });
    renderScreen(<AnnouncementsPanel />);
    await screen.findByText('Maintenance');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    for (const [field, text] of [
      ['Title', 'Hello'],
      ['Text', 'Welcome'],
    ])
      for (const lang of ['简体中文', '繁體中文', 'English', 'Tiếng Việt'])
        fireEvent.change(within(dialog).getByLabelText(`${field} · ${lang}`), { target: { value: text } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'announcementSave')?.body).toMatchObject({ enabled: true, title: { en: 'Hello' } }));
    expect(calls.find((c) => c.call === 'announcementSave')?.body.id).toBeUndefined();
  });

  it('edits a banner with its language sent as `language` and an empty link as ""', async () => {
    const { calls } = fakeServer({ bannerList: () => ok([banner]), bannerSave: () => ok({ id: 5 }) });
    renderScreen(<BannersPanel />);
    await userEvent.click(within(await rowOf('Spring')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'bannerSave')?.body).toMatchObject({ id: 5, language: 'en', link: '', image: '/uploads/b.png', enabled: true }),
    );
  });
});
