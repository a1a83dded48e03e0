/**
 * A red packet from the budget to its check (docs/red-packets.md): the operator tops up the promotions
 * budget and drops a packet of two shares into a room through the API; two players, each in the room in
 * their own browser and language, grab a share with the claim button in the chat; both shares and the
 * close are posted in the chat; the packet is empty; its post links to the fairness page, which recomputes
 * both shares from the revealed seed in the browser and verifies the claims, at 320 px too.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { smallTargets } from './layout';
import { newMember } from './members';
import { operatorToken } from './operator';
import { beginnerRoom, roomAs } from './room';

async function adminCall(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const token = await operatorToken(request);
  const body = await (await request.post(path, { headers: { token }, data })).json();
  expect(body.code, `${path} ${JSON.stringify(body)}`).toBe(1);
  return body.data;
}

interface FairPacket {
  status: string;
  seed: string | null;
  claims_hash: string | null;
  claims: { claim_no: number; nickname: string; share: string }[];
}
const fairPacket = async (request: APIRequestContext, id: number): Promise<FairPacket> =>
  (await (await request.get('/api/fair/redPacket', { params: { packet_id: id } })).json()).data;

/** The drop post of this packet in a player's chat. */
const dropPost = (page: Page, greeting: string) => page.locator('[data-testid=chat-message][data-key="chat.packet.dropped"]').filter({ hasText: greeting });

test('an operator drops a two-share packet; two players grab it in the chat; the fairness page verifies it', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const plan = await beginnerRoom(request);
  const greeting = `Lucky ${Date.now().toString(36)}`;
  await adminCall(request, '/api/admin/promotionBudgetTopUp', { amount: '20.00', note: 'e2e red packet' });

  const [alice, bob] = [await newMember(request, 'ra'), await newMember(request, 'rb')];
  const a = await roomAs(browser, alice, plan, 'zh-TW');
  const b = await roomAs(browser, bob, plan, 'en');

  const packet = (await adminCall(request, '/api/admin/redPacketDrop', {
    plan_id: plan,
    total: '8.88',
    shares: 2,
    wallet: 'cash',
    window_minutes: 30,
    greeting,
  })) as { id: number; seed: string | null; seed_hash: string };
  expect(packet.seed, 'the seed stays hidden while the packet is open').toBeNull();

  // The drop is posted live in both rooms, each in its viewer's language, with its claim button.
  await expect(dropPost(a, greeting)).toContainText('紅包：8.88 u，共 2 份', { timeout: 5000 });
  await expect(dropPost(b, greeting)).toContainText('Red packet: 8.88 u in 2 shares', { timeout: 5000 });

  await dropPost(a, greeting).getByTestId('packet-claim').click();
  await expect(dropPost(a, greeting).getByTestId('packet-said')).toContainText('您搶到');
  await dropPost(b, greeting).getByTestId('packet-claim').click();
  await expect(dropPost(b, greeting).getByTestId('packet-said')).toContainText('You got');

  // Empty: the seed is out with both claims, which add up to the total.
  const closed = await fairPacket(request, packet.id);
  expect(closed.status).toBe('empty');
  expect(closed.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(closed.claims.map((c) => c.claim_no)).toEqual([1, 2]);
  expect(closed.claims.reduce((sum, c) => sum + Math.round(Number(c.share) * 100), 0)).toBe(888);
  await expect(dropPost(a, greeting).getByTestId('packet-said')).toContainText(closed.claims[0]!.share);
  await expect(dropPost(b, greeting).getByTestId('packet-said')).toContainText(closed.claims[1]!.share);

  // Both shares and the close in each player's chat.
  for (const [page, said] of [
    [a, (c: FairPacket['claims'][number]) => `${c.nickname} 搶到 ${c.share} u`],
    [b, (c: FairPacket['claims'][number]) => `${c.nickname} got ${c.share} u`],
  ] as const) {
    for (const claim of closed.claims) {
      await expect(page.locator('[data-testid=chat-message][data-key="chat.packet.claimed"]').filter({ hasText: said(claim) })).toHaveCount(1);
    }
  }
  await expect(b.locator('[data-testid=chat-message][data-key="chat.packet.closed"]').last()).toContainText('The red packet is closed');
  // A second try by the same player is refused.
  await dropPost(b, greeting).getByTestId('packet-claim').click();
  await expect(dropPost(b, greeting).getByTestId('packet-said')).toContainText('You already have your share of this red packet');

  // The post's link opens the packet's check on /fair: both shares recomputed in the browser, verified.
  await dropPost(b, greeting).getByTestId('packet-check-link').click();
  await expect(b).toHaveURL(new RegExp(`/fair\\?packet=${packet.id}$`));
  const verdict = b.getByTestId('fair-packet-verdict');
  await expect(verdict).toHaveAttribute('data-state', 'verified');
  await expect(verdict).toHaveText('Red packet verified');
  await expect(b.getByTestId('fair-packet-seed-hash').first()).toHaveText(packet.seed_hash);
  const rows = b.getByTestId('fair-packet-row');
  await expect(rows).toHaveCount(2);
  for (const [i, claim] of closed.claims.entries()) {
    await expect(rows.nth(i)).toHaveAttribute('data-ok', 'true');
    await expect(rows.nth(i).getByRole('cell')).toHaveText([String(claim.claim_no), claim.nickname, claim.share, claim.share]);
  }
  for (const id of ['packet-check-seed', 'packet-check-shares', 'packet-check-hash']) await expect(b.getByTestId(id)).toHaveAttribute('data-ok', 'true');

  // The same check in Traditional Chinese, at the narrowest phone and the design's width.
  await a.goto(`/fair?packet=${packet.id}`);
  await expect(a.getByTestId('splash')).toHaveCount(0, { timeout: 10_000 });
  await expect(a.getByTestId('fair-packet-verdict')).toHaveText('紅包驗證通過');
  for (const width of [320, 390]) {
    await a.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    const path = testInfo.outputPath(`fair-packet-${width}.png`);
    await a.getByTestId('fair-packet').screenshot({ path });
    await testInfo.attach(`fair-packet-${width}`, { path, contentType: 'image/png' });
    expect(await smallTargets(a), `/fair?packet at ${width} px`).toEqual([]);
  }
});
