import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import { session } from '../../../lib/session';
import { starterRoom } from '../../../test/fixtures';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import type { GameView } from '../api/games';
import { GamesPage } from './GamesPage';

const room = starterRoom(1);
const canada: GameView = {
  id: 1,
  code: 'jnd28',
  enabled: true,
  open_from: '08:00',
  open_to: '22:00',
  exposure_cap: '0.00',
  pending: null,
  pending_from: null,
  rooms: [room],
};
const NEXT_ROUND = 1_780_000_210;

/** The games page with Canadian 28 on a server that keeps a game update for the next round. */
function gamesServer(role: string) {
  let game = canada;
  return fakeServer({
    me: () => ok({ id: 1, username: 'op', role }),
    gameConfig: () => ok({ games: [game], next_round_at: NEXT_ROUND }),
    gameUpdate: (b) => {
      game = {
        ...canada,
        pending: {
          enabled: b.enabled as boolean,
          open_from: b.open_from as string,
          open_to: b.open_to as string,
          exposure_cap: Number(b.exposure_cap).toFixed(2),
        },
        pending_from: NEXT_ROUND,
      };
      return ok(null);
    },
  });
}

beforeEach(() => session.set('op-token'));

describe('the games page', () => {
  it('closes a game from the next round, keeping its hours, and shows the change waiting', async () => {
    const { calls } = gamesServer('admin');
    renderScreen(<GamesPage />);
    const card = (await screen.findByText('Canadian 28 (#1)')).closest('.ant-card') as HTMLElement;
    // Shown as text until an admin edits it (the form loads then).
    expect(within(card).getByTestId('game-settings-1').textContent).toContain('08:00–22:00');
    expect(within(card).queryByRole('switch')).toBeNull();
    await userEvent.click(within(card).getByTestId('edit-game-1'));
    const open = (await within(card).findAllByRole('switch'))[0]!;
    await waitFor(() => expect(open.getAttribute('aria-checked')).toBe('true'));
    await userEvent.click(open);
    await userEvent.click(within(card).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Saved; takes effect from the next round')).toBeTruthy();
    expect(calls.find((c) => c.call === 'gameUpdate')?.body).toEqual({
      lang: 'en',
      id: 1,
      enabled: false,
      open_from: '08:00',
      open_to: '22:00',
      exposure_cap: '0.00',
    });
    expect(await within(card).findByText(/^Changes from /)).toBeTruthy();
    // Saved: the text again, with the pending change.
    await waitFor(() => expect(within(card).queryByRole('switch')).toBeNull());
    expect(within(card).getByTestId('game-settings-1').textContent).toContain('No');
  }, 60_000);

  it('sets the exposure cap per round from the next round, in each language', async () => {
    const texts = {
      'zh-CN': ['每期风险上限', '不限', '保存'],
      'zh-TW': ['每期風險上限', '不限', '儲存'],
      en: ['Exposure cap per round', 'None', 'Save'],
      vi: ['Hạn mức rủi ro mỗi kỳ', 'Không giới hạn', 'Lưu'],
    };
    try {
      for (const [lang, [label, none, save]] of Object.entries(texts)) {
        await changeLanguage(lang as Language);
        const { calls } = gamesServer('admin');
        renderScreen(<GamesPage />);
        const summary = await screen.findByTestId('game-settings-1');
        expect(summary.textContent, lang).toContain(`${label}: ${none}`);
        await userEvent.click(within(summary).getByTestId('edit-game-1'));
        const field = await screen.findByLabelText(label!);
        await waitFor(() => expect((field as HTMLInputElement).value).toBe('0.00'));
        await userEvent.clear(field);
        await userEvent.type(field, '5000');
        // antd spaces out a two-character CJK label (保 存).
        await userEvent.click(screen.getByRole('button', { name: new RegExp([...save!].join(' ?')) }));
        await waitFor(() => expect(calls.find((c) => c.call === 'gameUpdate')?.body.exposure_cap, lang).toBe('5000'));
        await waitFor(() => expect(screen.getByTestId('game-settings-1').textContent, lang).toContain(`${label}: 5000.00`));
        cleanup();
      }
    } finally {
      await changeLanguage('en');
    }
  }, 120_000);

  it('opens a room in the editor; an operator who is not an admin only reads', async () => {
    const { calls } = gamesServer('finance');
    renderScreen(<GamesPage />);
    const row = (await screen.findByText('Starter')).closest('tr')!;
    expect(within(row).getByText('97.00%')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Save/ })).toBeNull());
    expect(screen.queryByTestId('edit-game-1')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Room #3')).toBeTruthy();
    expect(calls.some((c) => c.call === 'gameUpdate')).toBe(false);
  }, 60_000);

  it("shows each room's title in the operator's language only", async () => {
    const titles = { 'zh-CN': '新手房', 'zh-TW': '新手房', en: 'Starter', vi: 'Phòng mới' };
    // The stored title in one language, the others only in title_i18n: each language must pick its own.
    const seen = { ...room, title: 'stored', title_i18n: { zh: '新手房', tw: '新手房', en: 'Starter', vi: 'Phòng mới' } };
    try {
      for (const [lang, title] of Object.entries(titles)) {
        await changeLanguage(lang as Language);
        fakeServer({
          me: () => ok({ id: 1, username: 'op', role: 'finance' }),
          gameConfig: () => ok({ games: [{ ...canada, rooms: [seen] }], next_round_at: NEXT_ROUND }),
        });
        renderScreen(<GamesPage />);
        const cell = await screen.findByText(title);
        expect(cell.closest('tr')!.textContent, lang).not.toMatch(/stored|\//u);
        cleanup();
      }
    } finally {
      await changeLanguage('en');
    }
  }, 60_000);
});
