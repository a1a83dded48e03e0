import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, refuse, renderScreen } from '../../../test/render';
import '../texts';
import { AnnouncementsPanel } from './AnnouncementsPanel';

describe('the announcement form', () => {
  it('says which language an announcement is missing', async () => {
    const { calls } = fakeServer({ announcementList: () => ok([]), announcementSave: () => refuse('should not be sent') });
    renderScreen(<AnnouncementsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    for (const lang of ['简体中文', '繁體中文', 'English']) {
      fireEvent.change(within(dialog).getByLabelText(`Title · ${lang}`), { target: { value: 'Maintenance' } });
      fireEvent.change(within(dialog).getByLabelText(`Text · ${lang}`), { target: { value: 'Tonight 2:00' } });
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Title is missing in Tiếng Việt')).toBeTruthy();
    expect(within(dialog).getByText('Text is missing in Tiếng Việt')).toBeTruthy();
    expect(within(dialog).queryByText(/missing in English/)).toBeNull();
    expect(calls.some((c) => c.call === 'announcementSave')).toBe(false);
  }, 60_000);
});
