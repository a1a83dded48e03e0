import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, BetClass, isSumClassId, RUN_CLASS_IDS, SUM_CLASS_BASE } from '@lucky28/shared/game';
import type { DrawStatistics } from '@lucky28/shared/schemas';
import { configureApiClient } from '../../../lib/api';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { i18n } from '../../../lib/i18n';
import { UI_LANGS } from '../../../lib/i18n/languages';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { TrendChartScreen } from './TrendChartScreen';

/** Lottery/statistics as the server answers it: class id × 1 now, × 2 longest; big running 3, odd 1. */
const stats: DrawStatistics = {
  game_id: 7,
  draws: 1234,
  missing: BET_CLASS_IDS.map((id) => ({
    class: id,
    name: `class ${id}`,
    total: isSumClassId(id) ? id - SUM_CLASS_BASE : null,
    last_issue: null,
    current: id,
    longest: id * 2,
  })),
  runs: RUN_CLASS_IDS.map((id) => ({ class: id, name: `class ${id}`, length: id === BetClass.BIG ? 3 : id === BetClass.ODD ? 1 : 0 })),
};

function open() {
  const api = fakeApi({
    '/api/Lottery/issueList': () => ok([]),
    '/api/Lottery/statistics': (body) => ok(body.game_id === 7 ? stats : { ...stats, game_id: Number(body.game_id), draws: 0 }),
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/trendChart', <TrendChartScreen />, '/trendChart?game_id=7');
  return api;
}

describe('TrendChartScreen: missing counts', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the current and longest absence of every class and every total 0–27, and the current runs', async () => {
    const api = open();
    const section = await screen.findByTestId('missing-counts');
    expect(api.calls.find((c) => c.path === '/api/Lottery/statistics')!.body).toMatchObject({ game_id: 7 });
    const classes = within(section).getByTestId('missing-classes');
    const classRows = within(classes).getAllByRole('row').slice(1);
    expect(classRows.map((r) => r.textContent)).toEqual(
      BET_CLASS_IDS.filter((id) => !isSumClassId(id)).map((id) => `${i18n.t(`betClass.${id}`)}${id}${id * 2}`),
    );
    // Totals in two halves side by side: 0 beside 14, …, 13 beside 27.
    const totals = within(section).getByTestId('missing-totals');
    const totalRows = within(totals).getAllByRole('row').slice(1);
    expect(totalRows).toHaveLength(14);
    expect(totalRows[0]!.textContent).toBe(`0${100}${200}14${114}${228}`);
    expect(totalRows[13]!.textContent).toBe(`13${113}${226}27${127}${254}`);
    for (let t = 0; t <= 27; t++) {
      expect(within(section).getByTestId(`missing-current-${SUM_CLASS_BASE + t}`).textContent).toBe(String(SUM_CLASS_BASE + t));
      expect(within(section).getByTestId(`missing-longest-${SUM_CLASS_BASE + t}`).textContent).toBe(String((SUM_CLASS_BASE + t) * 2));
    }
    expect(within(section).getByTestId('current-runs').textContent).toBe('Current runs:Big ×3Odd ×1');
    expect(section.textContent).toContain('Counted over all 1234 draws of this game.');
    expect(section.textContent).not.toMatch(/predict/i);
    expect(within(section).getByTestId('streak-alerts-link').getAttribute('href')).toBe('/streakAlerts?game_id=7');
  });

  it.each(UI_LANGS)('%s: says each draw is independent, with the link to the fairness page', async (ui) => {
    await i18n.changeLanguage(ui);
    await loadGameTexts();
    open();
    const line = await screen.findByTestId('independence');
    expect(line.textContent).toContain(i18n.t('draws.stats.independent'));
    expect(i18n.t('draws.stats.independent')).not.toBe('draws.stats.independent');
    const link = within(line).getByTestId('stats-fair-link');
    expect(link.getAttribute('href')).toBe('/fair');
    expect(link.textContent).toBe(i18n.t('home.shortcuts.fair'));
  });
});
