import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { BET_TEXT_EXAMPLES, CLASS_FORMS, formsIn } from '@lucky28/shared/game';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { i18n } from '../../../lib/i18n';
import { toApiLang, UI_LANGS } from '../../../lib/i18n/languages';
import { BetWriting } from './BetWriting';

const formsOf = (row: HTMLElement) => [...row.querySelectorAll('code')].map((c) => c.textContent);

describe('BetWriting (how a bet is written, on /GameRules)', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each(UI_LANGS)('%s: shows every form of the grammar and what each example bets', async (ui) => {
    await i18n.changeLanguage(ui);
    await loadGameTexts();
    const lang = toApiLang(ui);
    render(<BetWriting nameOf={() => undefined} />);
    const section = screen.getByTestId('bet-writing');
    for (const c of CLASS_FORMS) {
      const row = section.querySelector(`tr[data-class="${c.classId}"]`) as HTMLElement;
      expect(row.querySelector('.rules-bet')!.textContent).toBe(i18n.t(`betClass.${c.classId}`));
      expect(formsOf(row)).toEqual(formsIn(c, lang));
    }
    // Each example with the bets written beside it in the grammar's examples (the test of the parser holds those to it).
    const shown = screen
      .getAllByTestId('bet-example')
      .map((li) => [li.querySelector('code')!.textContent, li.querySelector('.rules-example-means')!.textContent]);
    const name = (id: number) => (id >= 100 ? i18n.t('rules.sumName', { n: id - 100 }) : i18n.t(`betClass.${id}`));
    expect(shown).toEqual(
      BET_TEXT_EXAMPLES[lang].map((ex) => [
        ex.text,
        ex.bets.map((b) => `${name(b.classId)} ${(b.amountCents / 100).toFixed(2)} u`).join(i18n.t('rules.listSep')),
      ]),
    );
  });

  it("shows the spec's format example first, in the language on screen, and the room's own names of its classes", async () => {
    await i18n.changeLanguage('en');
    await loadGameTexts();
    render(<BetWriting nameOf={(id) => (id === 21 ? 'Extreme big (room)' : undefined)} />);
    const first = screen.getAllByTestId('bet-example')[0]!;
    expect(first.textContent).toBe('extreme big 200Extreme big (room) 200.00 u');
    expect(formsOf(screen.getByTestId('bet-writing').querySelector('tr[data-class="sum"]') as HTMLElement)).toEqual([
      '13 20',
      '13/20',
      'sum 13 20',
      'total 13 20',
    ]);
  });
});
