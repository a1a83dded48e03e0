import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BET_CLASSES } from '@lucky28/shared/game';
import en from './locales/en.json';
import gameEn from './locales/game/game.en.json';
import zhTW from './locales/zh-TW.json';
import gameZhTW from './locales/game/game.zh-TW.json';
import { i18n } from '../lib/i18n';
import { loadGameTexts } from './gameTexts';
import { withSharedNames } from '../lib/i18n/sharedNames';
import sharedEn from '@lucky28/shared/messages/en.json';

const webSrc = path.resolve(import.meta.dirname, '..');
const GAME_FEATURES = ['features/home-cards', 'features/lottery', 'features/room', 'features/draws', 'features/history', 'features/fair', 'features/rules'];

function flatten(obj: Record<string, unknown>, prefix = '', out = new Set<string>()) {
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else out.add(`${prefix}${k}`);
  }
  return out;
}

describe('game screen texts', () => {
  // Game and tier names come from the shared catalogue, merged in as the texts load.
  const keys = flatten(withSharedNames(sharedEn, { ...en, ...gameEn }));

  it('every literal key the game features use exists', () => {
    const missing: string[] = [];
    for (const dir of GAME_FEATURES) {
      for (const file of fs.readdirSync(path.join(webSrc, dir), { recursive: true }) as string[]) {
        if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
        const text = fs.readFileSync(path.join(webSrc, dir, file), 'utf8');
        const used = [
          ...text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g),
          ...text.matchAll(/\bkey: '([a-z]+\.[\w.]+)'(?!,\s*api: true)/g),
          ...text.matchAll(/'(betHistory\.(?:paramError|formatError))'/g),
        ].map((m) => m[1]!);
        for (const key of used) if (!keys.has(key)) missing.push(`${dir}/${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the key families the screens build at run time', () => {
    const families = [
      ...[0, 1, 2, 3].map((n) => `hall.tier.${n}`),
      ...BET_CLASSES.filter((c) => c.kind === 'base').map((c) => `betClass.${c.id}`),
      ...[1, 2, 3, 4, 21, 22].flatMap((n) => [`draws.mark.${n}`, `draws.head.${n}`]),
      ...['sizeParity', 'combo', 'extreme', 'pattern', 'sum'].flatMap((g) => [`rules.group.${g}`, `rules.groupText.${g}`]),
      ...['pick', 'bet', 'draw', 'settle'].flatMap((s) => [`rules.step.${s}.title`, `rules.step.${s}.text`]),
      ...['win', 'lose', 'pending'].map((o) => `betHistory.outcome.${o}`),
      ...['us', 'eu', 'kr', 'au', 'ca'].map((g) => `games.${g}`),
    ];
    expect(families.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('keeps only the home cards in the first-load catalogue', () => {
    const mainOnly = Object.keys(zhTW).filter((ns) => ns in gameZhTW);
    expect(mainOnly).toEqual([]);
    expect(Object.keys(zhTW)).toContain('cards');
  });

  it('merges the game catalogue of the current language into the app instance', async () => {
    await loadGameTexts();
    const lang = i18n.resolvedLanguage ?? i18n.language;
    expect(i18n.exists('rules.noteOdds', { lng: lang })).toBe(true);
    expect(i18n.exists('common.failed', { lng: lang })).toBe(true);
  });
});

describe('names shared with the server', () => {
  it("are the server catalogue's, in the language on screen", async () => {
    const { translate } = await import('@lucky28/shared/messages');
    await i18n.changeLanguage('vi');
    await loadGameTexts();
    expect(i18n.t('games.us')).toBe(translate('vi', 'game.7'));
    expect(i18n.t('hall.tier.0')).toBe(translate('vi', 'room.tier.0'));
    await i18n.changeLanguage('en');
    expect(i18n.t('games.us')).toBe('American 28');
    expect(i18n.t('hall.tier.0')).toBe('Beginner');
  });
});
