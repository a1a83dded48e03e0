/** The round's posts in the room (docs/chat.md#the-rounds-posts): in the viewer's language, marked as the system, with their links. */
import { cleanup, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadGameTexts } from '../../../i18n/gameTexts';
import type { ChatMessage } from '@lucky28/shared/schemas';
import { screenAt } from '../../../test/render';
import { chatMessage } from '../test/roomData';
import { SystemPost } from './SystemPost';

const HASH = 'a3e8155ebfb64e0690b6339c396712da740adcb5081176fd4243c987ca3ddea3';
const post = (key: string, params: Record<string, string | number>, text = 'English fallback'): ChatMessage =>
  chatMessage(1, { plan_id: 12, kind: 'system', nickname: null, text, system: { key, params }, createtime: 100 });

const show = (m: ChatMessage) => screenAt('/betRoom', <SystemPost m={m} />);

describe('SystemPost', () => {
  beforeAll(async () => {
    for (const lang of ['zh-CN', 'zh-TW', 'vi', 'en']) {
      await i18n.changeLanguage(lang);
      await loadGameTexts();
    }
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  const cases: [string, string, Record<string, string | number>, Record<string, string>][] = [
    [
      'the 60 s warning',
      'chat.round.closing',
      { issue: '20250101001', seconds: 60 },
      {
        en: 'Round 20250101001: betting closes in 60 seconds',
        'zh-CN': '第20250101001期：60秒后停止下注',
        'zh-TW': '第20250101001期：60秒後停止下注',
        vi: 'Kỳ 20250101001: còn 60 giây là ngừng đặt cược',
      },
    ],
    [
      'a 1 s warning in the singular',
      'chat.round.closing',
      { issue: '20250101001', seconds: 1 },
      {
        en: 'Round 20250101001: betting closes in 1 second',
        'zh-CN': '第20250101001期：1秒后停止下注',
        'zh-TW': '第20250101001期：1秒後停止下注',
        vi: 'Kỳ 20250101001: còn 1 giây là ngừng đặt cược',
      },
    ],
    [
      '"closed"',
      'chat.round.closed',
      { issue: '20250101001' },
      {
        en: 'Round 20250101001: betting is closed',
        'zh-CN': '第20250101001期：已停止下注',
        'zh-TW': '第20250101001期：已停止下注',
        vi: 'Kỳ 20250101001: đã ngừng đặt cược',
      },
    ],
    [
      'no winners',
      'chat.round.no_winners',
      { issue: '20250101001' },
      {
        en: 'Round 20250101001: no winners in this room',
        'zh-CN': '第20250101001期：本房间无人中奖',
        'zh-TW': '第20250101001期：本房間無人中獎',
        vi: 'Kỳ 20250101001: không có người thắng trong phòng này',
      },
    ],
  ];
  it.each(cases)('says %s in each of the four languages, marked as the system', async (_, key, params, texts) => {
    for (const [lang, text] of Object.entries(texts)) {
      await i18n.changeLanguage(lang);
      const { unmount } = show(post(key, params));
      const row = screen.getByTestId('chat-message');
      expect(row.getAttribute('data-kind')).toBe('system');
      expect(row.querySelector('.room-system-mark')?.textContent).toBe(i18n.t('room.chat.system'));
      expect(row.querySelector('.room-system-text')?.textContent).toBe(text);
      unmount();
    }
  });

  it('shows the list’s count and whole hash with a link to check it on the fairness page', async () => {
    await i18n.changeLanguage('en');
    show(post('chat.round.list', { game_id: 2, issue: '20251231480', count: 5, hash: HASH }));
    expect(screen.getByTestId('chat-message').textContent).toContain('Round 20251231480: 5 bets accepted in this room. SHA-256 of the list:');
    expect(screen.getByTestId('system-hash').textContent).toBe(HASH);
    expect(screen.getByTestId('system-list-link').getAttribute('href')).toBe('/fair?game_id=2&issue=20251231480&plan_id=12#accepted-bets');
    cleanup();
    show(post('chat.round.list', { game_id: 2, issue: '20251231480', count: 1, hash: HASH }));
    expect(screen.getByTestId('chat-message').textContent).toContain('Round 20251231480: 1 bet accepted in this room. SHA-256 of the list:');
  });

  it('shows the draw with its digits, total and kind in the viewer’s words, and a link to verify it', async () => {
    await i18n.changeLanguage('zh-CN');
    show(post('chat.round.draw', { game_id: 7, issue: '20250101001', d1: 0, d2: 6, d3: 1, total: 7, tags: '2,3' }));
    const text = screen.getByTestId('chat-message').textContent ?? '';
    expect(text).toContain('第20250101001期开奖：0 + 6 + 1 = 7');
    expect(text).toContain(`${i18n.t('betClass.2')} · ${i18n.t('betClass.3')}`);
    expect(screen.getByTestId('system-verify-link').getAttribute('href')).toBe('/fair?game_id=7&issue=20250101001');
  });

  it('names the real winners with their payouts', async () => {
    await i18n.changeLanguage('vi');
    show(post('chat.round.winners', { issue: '20250101001', count: 2, winners: 'a***e 19.60, b* 5.00' }));
    expect(screen.getByTestId('chat-message').textContent).toContain('Kỳ 20250101001, người thắng trong phòng (2): a***e 19.60, b* 5.00');
  });

  it('shows the stored English text for a post it does not know, or one without its key', async () => {
    await i18n.changeLanguage('zh-TW');
    const { unmount } = show(post('chat.round.future', { issue: '1' }, 'Something new'));
    expect(screen.getByTestId('chat-message').textContent).toBe(`${i18n.t('room.chat.system')}: Something new`);
    unmount();
    show({ ...post('x', {}), system: null, text: 'Old post' });
    expect(screen.getByTestId('chat-message').textContent).toBe(`${i18n.t('room.chat.system')}: Old post`);
  });
});
