/** Accounts made through the API for the screen checks: a member ready to withdraw, a session in the page. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { operatorToken } from './operator';
import { PASSWORD, newUsername } from './ui';

/** A real 1×1 PNG (the server judges uploads by content). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const SECURITY_CODE = '135790';

export interface Member {
  username: string;
  token: string;
  userId: number;
}

async function api(request: APIRequestContext, path: string, data: Record<string, unknown>, token?: string) {
  const res = await request.post(path, { data, headers: token ? { token } : {} });
  const body = await res.json();
  expect(body.code, `${path} ${JSON.stringify(body)}`).toBe(1);
  return body;
}

/** A new member (registered through the API). */
export async function newMember(request: APIRequestContext, prefix = 'p'): Promise<Member> {
  const username = newUsername(prefix);
  const body = await api(request, '/api/user/register', { username, password: PASSWORD, repassword: PASSWORD });
  return { username, token: body.data.userinfo.token, userId: body.data.userinfo.user_id };
}

/** Deposits `amount` with a screenshot and has the operator approve it. */
export async function fund(request: APIRequestContext, member: Member, amount: string): Promise<void> {
  const up = await request.post('/api/user/uploadRechargeScreenshot', {
    headers: { token: member.token },
    multipart: { file: { name: 'transfer.png', mimeType: 'image/png', buffer: PNG } },
  });
  const url = (await up.json()).data.url as string;
  await api(request, '/api/user/depositRequest', { money: amount, channel: 'usdt', screenshot: url }, member.token);
  const token = await operatorToken(request);
  const headers = { token };
  const queue = (await (await request.post('/api/admin/depositList', { headers, data: {} })).json()).data as { id: number; username: string }[];
  const deposit = queue.find((d) => d.username === member.username);
  expect(deposit, 'the deposit is in the queue').toBeTruthy();
  await api(request, '/api/admin/depositApprove', { id: deposit!.id }, token);
}

/** A funded member with an ID number, a bank card and a security code: the withdraw form opens the code popup. */
export async function readyToWithdraw(request: APIRequestContext, amount = '300'): Promise<Member> {
  const m = await newMember(request, 'wd');
  await fund(request, m, amount);
  await api(request, '/api/user/profile', { idcard: '110101199003071233' }, m.token);
  await api(request, '/api/user/setPayInfo', { type: 0, acc: '王小明', acc_name: '6222020200112233', acc_bank: 'Lucky Bank' }, m.token);
  await api(request, '/api/user/setSafety', { new_code: SECURITY_CODE }, m.token);
  return m;
}

/** Opens the app with `member`'s session (kept as "remember me" keeps one) in `language`. */
export async function openAs(page: Page, member: Pick<Member, 'token' | 'userId' | 'username'>, language = 'zh-TW', path = '/'): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ({ m, language }) => {
      localStorage.setItem('lucky28.rememberedSession', JSON.stringify({ token: m.token, userId: m.userId, username: m.username }));
      localStorage.setItem('lucky28.language', JSON.stringify(language));
    },
    { m: member, language },
  );
  await page.goto(path);
  await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: 10_000 });
}

/** Places a bet of `money` per class through the API in the room's current round, waiting for betting to be open. */
export async function placeBet(
  request: APIRequestContext,
  member: Member,
  bet: { planId: number; gameId: number; playType: string; money: string },
): Promise<{ issue: string }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const heart = (await (await request.post('/api/Lottery/heart', { data: { plan_id: bet.planId, game_id: bet.gameId } })).json()).data as {
      issue: { issue: string; whether_close: boolean; closeTime: number };
    };
    if (!heart.issue.whether_close && heart.issue.closeTime >= 2) {
      const res = await (
        await request.post('/api/Lottery/playOrder', {
          headers: { token: member.token },
          data: { issue: heart.issue.issue, plan_id: bet.planId, game_id: bet.gameId, play_type: bet.playType, money: bet.money },
        })
      ).json();
      if (res.code === 1) return { issue: heart.issue.issue };
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('betting never opened');
}
