/** A red packet's posts in the room (docs/red-packets.md#claiming): in the viewer's language, a claim button on the drop, the share got or the server's reason. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@lucky28/shared/schemas';
import { configureApiClient } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fail, fakeApi, ok, screenAt } from '../../../test/render';
import { chatMessage } from '../test/roomData';
import { SystemPost } from './SystemPost';

const post = (key: string, params: Record<string, string | number>): ChatMessage =>
  chatMessage(7, {
    plan_id: 12,
    kind: 'system',
    nickname: null,
    text: 'English fallback',
    system: { key, params: { packet_id: 41, ...params } },
    createtime: 1_000,
  });

const show = (m: ChatMessage) => screenAt('/betRoom', <SystemPost m={m} />);
const dropped = post('chat.packet.dropped', { total: '28.88', shares: 6, opens_at: 1_000, greeting: 'Happy hour' });

describe('PacketPost', () => {
  beforeAll(async () => {
    for (const lang of ['zh-CN', 'zh-TW', 'vi', 'en']) {
      await i18n.changeLanguage(lang);
      await loadGameTexts();
    }
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Red packet: 28.88 u in 6 shares', 'Grab a share', 'x***y got 3.20 u'],
    ['zh-CN', '红包：28.88 u，共 6 份', '抢红包', 'x***y 抢到 3.20 u'],
    ['zh-TW', '紅包：28.88 u，共 6 份', '搶紅包', 'x***y 搶到 3.20 u'],
    ['vi', 'Lì xì: 28.88 u chia 6 phần', 'Nhận một phần', 'x***y nhận được 3.20 u'],
  ])('says the drop, its button and a claim in %s', async (lang, drop, button, claimed) => {
    await i18n.changeLanguage(lang);
    const first = show(dropped);
    expect(screen.getByRole('note').textContent).toContain(drop);
    expect(screen.getByRole('note').textContent).toContain('Happy hour');
    expect(screen.getByTestId('packet-claim').textContent).toContain(button);
    first.unmount();
    show(post('chat.packet.claimed', { name: 'x***y', amount: '3.20' }));
    expect(screen.getByRole('note').textContent).toContain(claimed);
    await i18n.changeLanguage('en');
  });

  it('claims the packet and says the share got', async () => {
    const api = fakeApi({
      '/api/rewards/packetClaim': (body) =>
        ok({ packet_id: Number(body.packet_id), claim_no: 2, share: '4.56', wallet: 'cash', wager_required: '0.00', over: '4.56' }),
    });
    configureApiClient({ fetch: api.fetch });
    show(dropped);
    await userEvent.click(screen.getByTestId('packet-claim'));
    await waitFor(() => expect(screen.getByTestId('packet-said').textContent).toContain('You got 4.56 u'));
    expect(api.calls.find((c) => c.path === '/api/rewards/packetClaim')?.body.packet_id).toBe(41);
  });

  it("shows the server's reason when there is no share", async () => {
    const api = fakeApi({ '/api/rewards/packetClaim': () => fail('This red packet is empty: every share has been claimed') });
    configureApiClient({ fetch: api.fetch });
    show(dropped);
    await userEvent.click(screen.getByTestId('packet-claim'));
    await waitFor(() => expect(screen.getByTestId('packet-said').textContent).toContain('This red packet is empty: every share has been claimed'));
  });

  it('links the drop and the close to the packet’s check on the fairness page', async () => {
    const first = show(dropped);
    expect(screen.getByTestId('packet-check-link').getAttribute('href')).toBe('/fair?packet=41');
    expect(screen.getByTestId('packet-check-link').textContent).toBe('Check the split');
    first.unmount();
    show(post('chat.packet.closed', {}));
    expect(screen.getByRole('note').textContent).toContain('The red packet is closed');
    await userEvent.click(screen.getByTestId('packet-check-link'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('says when a scheduled packet opens', () => {
    show(post('chat.packet.dropped', { total: '1.00', shares: 1, opens_at: 1_600, greeting: '' }));
    expect(screen.getByRole('note').textContent).toContain('Opens at');
  });
});
