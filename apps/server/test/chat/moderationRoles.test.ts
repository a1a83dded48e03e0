/**
 * The `moderator` role (docs/operations.md#the-moderator): keeps the chats and sees no money, ID images or
 * payout accounts. Walks the whole API contract: a moderator may make the chat moderation calls and its
 * own session's, and is refused (403) every other operator call; players may not moderate.
 */
import { api, callsOf, operatorMayCall, type ApiCall } from '@lucky28/shared';
import { describe, expect, it } from 'vitest';
import { callApi, registerUser } from '../helpers.js';
import { createGameApp, roomOf } from '../game/kit.js';
import { operatorLogin, operatorWithRole } from '../wallet/fixtures.js';

const { app } = await createGameApp();
const plan = await roomOf(app, 7, 0);
const moderator = await operatorWithRole(app, 'moderator');

/** The chat moderation calls: the admin group's `chat*` calls (packages/shared/src/api/adminChat.ts). */
const moderationCalls = Object.entries(api.admin)
  .filter(([name]) => name.startsWith('chat'))
  .map(([, call]) => call as ApiCall);
const moderationPaths = new Set(moderationCalls.map((c) => c.path));
const operatorCalls = callsOf(api).filter((c) => c.access.who === 'operator');
const isSessionCall = (c: ApiCall) => c.access.who === 'operator' && c.access.roles === undefined;

function hit(call: ApiCall, token: string) {
  if (call.method === 'GET') return app.inject({ method: 'GET', url: `${call.path.replace(':name', 'a'.repeat(32) + '.png')}?lang=en`, headers: { token } });
  return app.inject({ method: 'POST', url: call.path, payload: { lang: 'en' }, headers: { token } });
}

describe('the moderator role', () => {
  it('in the contract: allowed the moderation calls and its own session, nothing else', () => {
    expect(moderationPaths.size).toBe(14);
    for (const call of operatorCalls) {
      const allowed = moderationPaths.has(call.path) || isSessionCall(call);
      expect(operatorMayCall(call.access, 'moderator'), `${call.method} ${call.path}`).toBe(allowed);
    }
    // The session calls are about the operator themself: signing in and out, their second factor.
    expect(operatorCalls.filter(isSessionCall).map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/me',
        '/api/admin/logout',
        '/api/admin/logoutAll',
        '/api/admin/totpSetup',
        '/api/admin/totpEnable',
        '/api/admin/totpDisable',
      ]),
    );
    expect(operatorCalls.filter(isSessionCall)).toHaveLength(6);
  });

  it('through the API: refused (403) every call that shows money, ID images or payout accounts, let through the moderation calls', async () => {
    for (const call of operatorCalls) {
      if (call.path.endsWith('/logout') || call.path.endsWith('/logoutAll')) continue;
      const res = await hit(call, moderator);
      if (moderationPaths.has(call.path) || isSessionCall(call)) expect(res.statusCode, call.path).not.toBe(403);
      else expect([res.statusCode, res.json().msg], call.path).toEqual([403, 'You do not have permission to do this']);
    }
    const rooms = await callApi(app, api.admin.chatRooms, {}, { token: moderator });
    expect(rooms.data.list.map((r) => r.plan_id)).toContain(plan);
    // What the rooms list tells: the chat settings, never a room's money limits or odds.
    expect(Object.keys(rooms.data.list[0]!).sort()).toEqual(
      ['enabled', 'game_id', 'gate_account_hours', 'gate_settled_bet', 'muted', 'open_reports', 'pinned', 'plan_id', 'slow_mode_seconds', 'title'].sort(),
    );
  });

  it('players and finance are refused the moderation calls', async () => {
    const player = await registerUser(app);
    const finance = await operatorWithRole(app, 'finance');
    for (const call of moderationCalls) {
      expect((await hit(call, player.token)).statusCode, call.path).toBe(401);
      expect((await hit(call, finance)).statusCode, call.path).toBe(403);
    }
  });

  it('an admin creates a moderator in the operators screen; the moderator must enrol a second factor, then moderates', async () => {
    const admin = await operatorWithRole(app, 'admin');
    const created = await callApi(app, api.admin.operatorCreate, { username: 'mod_anna', password: 'moderator-pass-1', role: 'moderator' }, { token: admin });
    expect(created.code).toBe(1);
    const listed = (await callApi(app, api.admin.operatorList, {}, { token: admin })).data;
    expect(JSON.stringify(listed)).toContain('mod_anna');
    const login = await callApi(app, api.admin.login, { username: 'mod_anna', password: 'moderator-pass-1' }, { ip: '10.36.9.1' });
    expect(login.data.operator).toMatchObject({ role: 'moderator', totp_required: true, totp_enabled: false });
    const token = await operatorLogin(app, 'mod_anna', 'moderator-pass-1');
    expect((await callApi(app, api.admin.chatPin, { plan_id: plan, text: 'Welcome' }, { token })).code).toBe(1);
  });
});
