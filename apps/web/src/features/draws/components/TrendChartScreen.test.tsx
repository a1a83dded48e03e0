import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { trendOf } from '@lucky28/shared/game';
import { configureApiClient } from '../../../lib/api';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { TrendChartScreen } from './TrendChartScreen';

/** A drawn round as Lottery/issueList gives it. */
const draw = (id: number, digits: [number, number, number]) => {
  const code = digits[0] + digits[1] + digits[2];
  const trend = trendOf(code);
  return {
    id,
    game_id: 7,
    issue: `2025010100${id}`,
    site_1: digits[0],
    site_2: digits[1],
    site_3: digits[2],
    code,
    base: [],
    join: '',
    trend: { size: trend.size, parity: trend.parity, combo: trend.combo, extreme: trend.extreme },
    numbers: [],
  };
};

describe('TrendChartScreen', () => {
  beforeAll(async () => {
    await loadGameTexts();
  });

  it('shows the combination column of docs/product.md#constants-and-game-rules: big-odd, small-odd, big-even, small-even, with 14 the first big and 13 the last small', async () => {
    // Newest first: 15 big-odd, 13 small-odd, 14 big-even, 12 small-even, 27 big-odd, 0 small-even.
    const draws = [draw(6, [5, 5, 5]), draw(5, [4, 4, 5]), draw(4, [4, 5, 5]), draw(3, [4, 4, 4]), draw(2, [9, 9, 9]), draw(1, [0, 0, 0])];
    const api = fakeApi({ '/api/Lottery/issueList': (body) => ok(body.game_id === 7 ? draws : []) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/trendChart', <TrendChartScreen />, '/trendChart?game_id=7');
    const table = await screen.findByTestId('trend-table');
    expect(within(table).getByRole('columnheader', { name: 'Combo' })).toBeTruthy();
    const combos = await within(table).findAllByTestId('trend-combo');
    expect(combos.map((c) => [c.textContent, c.getAttribute('title')])).toEqual([
      ['BO', 'Big odd'],
      ['SO', 'Small odd'],
      ['BE', 'Big even'],
      ['SE', 'Small even'],
      ['BO', 'Big odd'],
      ['SE', 'Small even'],
    ]);
    // The column is the last of each row, beside the draw it labels.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [r.querySelector('.trend-result')!.textContent, r.lastElementChild!.textContent])).toEqual([
      ['5+5+5=15', 'BO'],
      ['4+4+5=13', 'SO'],
      ['4+5+5=14', 'BE'],
      ['4+4+4=12', 'SE'],
      ['9+9+9=27', 'BO'],
      ['0+0+0=0', 'SE'],
    ]);
  });
});
