import { describe, expect, it } from 'vitest';
import { GAMES } from '@lucky28/shared/game';
import tw from '@lucky28/shared/messages/tw.json';
import { loadSharedMessages, sharedNames } from './sharedNames';

describe('the shared names the app loads (the catalogue picked down by vite.config.ts, `?names`)', () => {
  it('are the catalogue’s game and tier names, with their texts, and nothing else', async () => {
    const names = await loadSharedMessages('zh-TW');
    const expected = Object.fromEntries(Object.entries(tw as Record<string, string>).filter(([k]) => k.startsWith('game.') || k.startsWith('room.tier.')));
    expect(names).toEqual(expected);
    expect(Object.keys(names).length).toBeLessThan(Object.keys(tw).length);
  });

  it('name every game and every room tier in each language', async () => {
    for (const lang of ['zh-CN', 'zh-TW', 'en', 'vi']) {
      const named = sharedNames(await loadSharedMessages(lang));
      for (const game of GAMES) expect(named.games[game.code], `${lang} ${game.code}`).not.toBe(game.nameKey);
      for (const tier of ['0', '1', '2', '3']) expect(named.hall.tier[tier], `${lang} tier ${tier}`).not.toMatch(/^room\.tier\./);
    }
  });
});
