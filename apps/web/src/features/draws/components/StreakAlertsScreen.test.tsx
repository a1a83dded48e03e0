import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, BetClass, isSumClassId, RUN_CLASS_IDS, SUM_CLASS_BASE } from '@lucky28/shared/game';
import type { DrawStatistics } from '@lucky28/shared/schemas';
import { configureApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { i18n } from '../../../lib/i18n';
import { UI_LANGS } from '../../../lib/i18n/languages';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { StreakAlertsScreen } from './StreakAlertsScreen';

/** Lottery/statistics of game 7: big has come 4 in a row, odd 2, the rest not in the latest draw. */
const stats: DrawStatistics = {
  game_id: 7,
  draws: 300,
  missing: BET_CLASS_IDS.map((id) => ({ class: id, name: '', total: isSumClassId(id) ? id - SUM_CLASS_BASE : null, last_issue: null, current: 0, longest: 0 })),
  runs: RUN_CLASS_IDS.map((id) => ({ class: id, name: '', length: id === BetClass.BIG ? 4 : id === BetClass.ODD ? 2 : 0 })),
};

type Alert = { game_id: number; class: number; name: string; run: number };

/** A server double that keeps the player's alerts as setStreakAlert changes them. */
function open({ alerts = [] as Alert[], optOut = false, exclusion = null as null | { kind: string; until: number; since: number } } = {}) {
  let saved = [...alerts];
  const api = fakeApi({
    '/api/Lottery/statistics': (body) =>
      ok(body.game_id === 7 ? stats : { ...stats, game_id: Number(body.game_id), runs: stats.runs.map((r) => ({ ...r, length: 0 })) }),
    '/api/Lottery/streakAlerts': () => ok(saved),
    '/api/Lottery/setStreakAlert': (body) => {
      const { game_id, class: cls, run, on } = body as { game_id: number; class: number; run: number; on: boolean };
      saved = saved.filter((a) => !(a.game_id === game_id && a.class === cls));
      if (on) saved.push({ game_id, class: cls, name: '', run });
      return ok(saved, 'Saved');
    },
    '/api/user/protectionInfo': () =>
      ok({
        limits: [],
        reality_check: 60,
        exclusion,
        session: { started_at: 0, stake: '0.00', payout: '0.00', result: '0.00' },
        time_zone: 'Asia/Shanghai',
      }),
    '/api/rewards/list': () => ok({ opt_out: optOut, limit_resets: null, list: [] }),
  });
  configureApiClient({ fetch: api.fetch, getToken: () => useSession.getState().token });
  screenAt('/streakAlerts', <StreakAlertsScreen />, '/streakAlerts?game_id=7');
  return api;
}

const sets = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === '/api/Lottery/setStreakAlert').map((c) => c.body);

describe('StreakAlertsScreen', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });
  beforeEach(() => useSession.getState().signIn({ token: 'tok', user_id: 1, group_id: 1 }, { remember: true }));
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists the current run of each of the ten classes with every alert off until the player turns one on', async () => {
    const api = open();
    for (const id of RUN_CLASS_IDS) await screen.findByTestId(`alert-row-${id}`);
    expect(screen.getByTestId(`alert-current-${BetClass.BIG}`).textContent).toBe('Now: 4 in a row');
    expect(screen.getByTestId(`alert-current-${BetClass.ODD}`).textContent).toBe('Now: 2 in a row');
    expect(screen.getByTestId(`alert-current-${BetClass.SMALL}`).textContent).toBe('Not in the latest draw');
    for (const id of RUN_CLASS_IDS) expect(screen.getByTestId(`alert-switch-${id}`).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId(`alert-run-${BetClass.BIG}`)).toBeNull();
    expect(sets(api)).toEqual([]);
    expect(screen.queryByTestId('alerts-held')).toBeNull();
  });

  it('turns an alert on at 6, changes its run, and turns it off, each saved with setStreakAlert', async () => {
    const api = open();
    fireEvent.click(await screen.findByTestId(`alert-switch-${BetClass.BIG_EVEN}`));
    await waitFor(() => expect(sets(api)).toMatchObject([{ game_id: 7, class: BetClass.BIG_EVEN, run: 6, on: true }]));
    const stepper = await screen.findByTestId(`alert-run-${BetClass.BIG_EVEN}`);
    await waitFor(() => expect(within(stepper).getByRole('spinbutton')).toHaveProperty('value', '6'));
    await waitFor(() => expect(screen.getByTestId(`alert-switch-${BetClass.BIG_EVEN}`).getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(within(stepper).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(sets(api).at(-1)).toMatchObject({ game_id: 7, class: BetClass.BIG_EVEN, run: 7, on: true }));
    await waitFor(() => expect(within(screen.getByTestId(`alert-run-${BetClass.BIG_EVEN}`)).getByRole('spinbutton')).toHaveProperty('value', '7'));
    fireEvent.click(screen.getByTestId(`alert-switch-${BetClass.BIG_EVEN}`));
    await waitFor(() => expect(sets(api).at(-1)).toMatchObject({ game_id: 7, class: BetClass.BIG_EVEN, run: 7, on: false }));
    await waitFor(() => expect(screen.queryByTestId(`alert-run-${BetClass.BIG_EVEN}`)).toBeNull());
  });

  it('shows the alerts of the game shown only, with their runs', async () => {
    open({
      alerts: [
        { game_id: 7, class: BetClass.SMALL, name: '', run: 9 },
        { game_id: 6, class: BetClass.BIG, name: '', run: 5 },
      ],
    });
    const small = await screen.findByTestId(`alert-run-${BetClass.SMALL}`);
    expect(within(small).getByRole('spinbutton')).toHaveProperty('value', '9');
    expect(screen.getByTestId(`alert-switch-${BetClass.SMALL}`).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId(`alert-switch-${BetClass.BIG}`).getAttribute('aria-checked')).toBe('false');
  });

  it('tells a player who opted out of promotions why no alert is sent, with the way to Responsible play', async () => {
    open({ optOut: true });
    const held = await screen.findByTestId('alerts-held');
    expect(held.textContent).toContain('You opted out of promotions, so no alerts are sent to you.');
    expect(within(held).getByRole('link').getAttribute('href')).toBe('/responsiblePlay');
  });

  it('tells a player on a break until when no alert is sent', async () => {
    open({ exclusion: { kind: 'timeout', until: Math.floor(Date.now() / 1000) + 3600, since: 0 } });
    expect((await screen.findByTestId('alerts-held')).textContent).toMatch(
      /^You are taking a break until \d{4}-\d\d-\d\d \d\d:\d\d UTC[+-]\d\d:\d\d: no alerts are sent/,
    );
  });

  it.each(UI_LANGS)('%s: says each draw is independent, with the link to the fairness page, and every text is translated', async (ui) => {
    await i18n.changeLanguage(ui);
    await loadGameTexts();
    open({ optOut: true });
    const line = await screen.findByTestId('independence');
    expect(line.textContent).toContain(i18n.t('draws.stats.independent'));
    expect(within(line).getByTestId('stats-fair-link').getAttribute('href')).toBe('/fair');
    await screen.findByTestId(`alert-row-${BetClass.BIG}`);
    expect(await screen.findByTestId('alerts-held')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/draws\.alerts\.|betClass\./);
  });
});

describe('the catalogues', () => {
  it('never speak of prediction, in any language', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
    const jsonUnder = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? jsonUnder(full) : e.name.endsWith('.json') ? [full] : [];
      });
    const files = ['apps/web/src/i18n/locales', 'apps/admin/src/i18n/locales', 'packages/shared/src/messages'].flatMap((d) => jsonUnder(path.join(root, d)));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(fs.readFileSync(file, 'utf8'), file).not.toMatch(/predict|预测|預測|dự đoán|dự báo/i);
  });
});
