/** The API catalogue's plural forms: a text with a number reads "1 second", never "1 seconds", in every language. */
import { describe, expect, it } from 'vitest';
import { API_LANGS, apiMessages, translate, type MessageKey } from './index.js';

describe('translate with a count', () => {
  it('picks `<key>_one` for one in English, the plain key for any other number', () => {
    expect(translate('en', 'err.chat_slow_mode', { seconds: 1, count: 1 })).toBe('Slow mode is on in this room, please wait 1 second');
    expect(translate('en', 'err.chat_slow_mode', { seconds: 30, count: 30 })).toBe('Slow mode is on in this room, please wait 30 seconds');
    expect(translate('en', 'err.chat_gate_account_age', { hours: 1, count: 1 })).toBe('New accounts can chat 1 hour after registering');
    expect(translate('en', 'err.chat_gate_account_age', { hours: 0, count: 0 })).toBe('New accounts can chat 0 hours after registering');
    expect(translate('en', 'err.chat_too_fast', { seconds: 1, count: 1 })).toBe('You are sending messages too fast, please wait 1 second');
    expect(translate('en', 'chat.round.list', { issue: '1', count: 1, hash: 'h' })).toBe('Round 1: 1 bet accepted in this room. SHA-256 of the list: h');
    expect(translate('en', 'chat.round.closing', { issue: '1', seconds: 1, count: 1 })).toBe('Round 1: betting closes in 1 second');
  });

  it('keeps the one form of Chinese and Vietnamese, and a key without plural forms as it is', () => {
    expect(translate('zh', 'err.chat_slow_mode', { seconds: 1, count: 1 })).toBe('本房间已开启慢速模式，请等待 1 秒');
    expect(translate('tw', 'err.chat_gate_account_age', { hours: 1, count: 1 })).toBe(translate('tw', 'err.chat_gate_account_age', { hours: 1 }));
    expect(translate('vi', 'chat.round.list', { issue: '1', count: 1, hash: 'h' })).toBe(
      translate('vi', 'chat.round.list', { issue: '1', count: 2, hash: 'h' }).replace('2', '1'),
    );
    expect(translate('en', 'err.chat_muted', { until: 'noon', reason: 'spam', count: 1 })).toBe('You are banned from chatting until noon (spam)');
  });

  it('has every `_one` form beside its key, with the same placeholders, in all four languages', () => {
    const ones = Object.keys(apiMessages.en).filter((k) => k.endsWith('_one')) as MessageKey[];
    expect(ones.length).toBeGreaterThan(0);
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of API_LANGS) {
      for (const one of ones) {
        const base = one.slice(0, -'_one'.length) as MessageKey;
        expect(apiMessages[lang][base], `${lang} ${base}`).toBeTruthy();
        expect(names(apiMessages[lang][one]), `${lang} ${one}`).toEqual(names(apiMessages[lang][base]));
      }
    }
  });
});
