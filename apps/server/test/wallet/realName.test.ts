import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { JPEG, PNG, createWalletApp, getFile, operatorLogin, operatorWithRole, upload } from './fixtures.js';

const { app } = await createWalletApp();
const admin = await operatorLogin(app);

async function idPictures(token: string) {
  const front = await upload(app, token, { data: PNG, filename: 'front.png' }, { type: 'idcard' });
  const back = await upload(app, token, { data: JPEG, filename: 'back.jpg' }, { type: 'idcard' });
  return { front: front.data.url as string, back: back.data.url as string };
}

const submit = (token: string, body: Record<string, unknown>) => rawCall(app, api.wallet.shiming, body, { token });
const statusOf = async (token: string) => (await callApi(app, api.user.userInfo, {}, { token })).data.shiming;

describe('user/shiming', () => {
  it('sends the name, ID number and both pictures to review: status 0 → 1', async () => {
    const user = await registerUser(app);
    const pics = await idPictures(user.token);
    const res = await submit(user.token, { truename: '张三', idcard: '11010119900307125X', idcard_zheng: pics.front, idcard_fan: pics.back });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Verification submitted, please wait for review');
    expect(await statusOf(user.token)).toBe(1);
    const info = await callApi(app, api.wallet.shimingInfo, {}, { token: user.token });
    expect(info.data).toMatchObject({ shiming: 1, truename: '张*', idcard: '110*************5X', reason: '' });
  });

  it('the ID number given here satisfies the withdraw check, without a second entry on /baseinfo', async () => {
    const user = await registerUser(app);
    expect((await callApi(app, api.wallet.withdrawInfo, {}, { token: user.token })).data.has_idcard).toBe(false);
    const pics = await idPictures(user.token);
    expect((await submit(user.token, { truename: '张三', idcard: '11010119900307125X', idcard_zheng: pics.front, idcard_fan: pics.back })).code).toBe(1);
    expect((await callApi(app, api.wallet.withdrawInfo, {}, { token: user.token })).data.has_idcard).toBe(true);
    expect((await callApi(app, api.user.userInfo, {}, { token: user.token })).data.idcard).toBe('11010119900307125X');
    const withdraw = await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: user.token });
    expect(withdraw.msg).not.toBe('Please complete your ID information first');
  });

  it('keeps an ID number already on file', async () => {
    const user = await registerUser(app);
    await callApi(app, api.user.profile, { idcard: '11010519491231002X' }, { token: user.token });
    const pics = await idPictures(user.token);
    expect((await submit(user.token, { truename: '张三', idcard: '11010119900307125X', idcard_zheng: pics.front, idcard_fan: pics.back })).code).toBe(1);
    expect((await callApi(app, api.user.userInfo, {}, { token: user.token })).data.idcard).toBe('11010519491231002X');
  });

  it('checks in the order of docs/product.md#validation-rules, each with its message', async () => {
    const user = await registerUser(app);
    const pics = await idPictures(user.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'truename', 'Please enter name'],
      [{ truename: '  ' }, 'truename', 'Please enter name'],
      [{ truename: 'Zhang San' }, 'idcard', 'Please enter ID number'],
      [
        { truename: 'Zhang San', idcard: '1234567890123456789', idcard_zheng: pics.front, idcard_fan: pics.back },
        'idcard',
        'Please enter a valid mainland or Taiwan ID number, or choose the document type',
      ],
      [
        { truename: 'Zhang San', idcard: 'A123456788', id_type: 'tw', idcard_zheng: pics.front, idcard_fan: pics.back },
        'idcard',
        'A Taiwan ID number is a letter and 9 digits whose check digit matches',
      ],
      [{ truename: 'Zhang San', idcard: '110101199003071233' }, 'idcard_zheng', 'Please upload front of ID card'],
      [{ truename: 'Zhang San', idcard: '110101199003071233', idcard_zheng: pics.front }, 'idcard_fan', 'Please upload back of ID card'],
      [
        { truename: 'x'.repeat(41), idcard: '110101199003071233', idcard_zheng: pics.front, idcard_fan: pics.back },
        'truename',
        'Name must be at most 40 characters',
      ],
      [
        { truename: 'Zhang San', idcard: '110101199003071233', idcard_zheng: pics.front, idcard_fan: pics.front },
        'idcard_fan',
        'The front and back pictures must be different',
      ],
      [
        { truename: 'Zhang San', idcard: '110101199003071233', idcard_zheng: 'https://elsewhere.test/x.png', idcard_fan: pics.back },
        'idcard_zheng',
        'The ID card picture is invalid, please upload it again',
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await submit(user.token, body);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.field, JSON.stringify(body)).toBe(field);
      expect(res.msg).toBe(msg);
    }
    expect(await statusOf(user.token)).toBe(0);
  });

  it("refuses another user's pictures and deposit screenshots", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const alicePics = await idPictures(alice.token);
    const bobPics = await idPictures(bob.token);
    const shot = await upload(app, bob.token, { data: PNG, filename: 's.png' }, { type: 'recharge_screenshot' });
    const stolen = await submit(bob.token, { truename: 'Bob', idcard: '110101199003071233', idcard_zheng: alicePics.front, idcard_fan: bobPics.back });
    expect(stolen.msg).toBe('The ID card picture is invalid, please upload it again');
    const wrongKind = await submit(bob.token, { truename: 'Bob', idcard: '110101199003071233', idcard_zheng: bobPics.front, idcard_fan: shot.data.url });
    expect(wrongKind.field).toBe('idcard_fan');
    expect(await statusOf(bob.token)).toBe(0);
  });

  it('refuses a second submission while under review and once verified; an operator decides', async () => {
    const user = await registerUser(app);
    const pics = await idPictures(user.token);
    const body = { truename: 'Nguyen Van A', idcard: 'B1234567', id_type: 'passport', idcard_zheng: pics.front, idcard_fan: pics.back };
    expect((await submit(user.token, body)).code).toBe(1);
    expect((await submit(user.token, body)).msg).toBe('Your real-name verification is under review');

    const queue = await callApi(app, api.admin.realNameList, {}, { token: admin });
    const item = queue.data.find((r: any) => r.user_id === user.userId);
    expect(item).toMatchObject({ truename: 'Nguyen Van A', idcard: 'B1234567', status: 1, idcard_zheng: pics.front, idcard_fan: pics.back });

    // Refused: a reason is required, the player sees it and may submit again.
    expect((await rawCall(app, api.admin.realNameReject, { id: item!.id }, { token: admin })).msg).toBe('Please enter a reason');
    expect((await callApi(app, api.admin.realNameReject, { id: item!.id, reason: 'picture is blurred' }, { token: admin })).code).toBe(1);
    expect(await statusOf(user.token)).toBe(0);
    expect((await callApi(app, api.wallet.shimingInfo, {}, { token: user.token })).data).toMatchObject({ shiming: 0, reason: 'picture is blurred' });
    expect((await callApi(app, api.admin.realNameApprove, { id: item!.id }, { token: admin })).msg).toBe('This request has already been processed');

    const again = await idPictures(user.token);
    expect((await submit(user.token, { ...body, idcard_zheng: again.front, idcard_fan: again.back })).code).toBe(1);
    const second = (await callApi(app, api.admin.realNameList, {}, { token: admin })).data.find((r: any) => r.user_id === user.userId);
    expect((await callApi(app, api.admin.realNameApprove, { id: second!.id }, { token: admin })).code).toBe(1);
    expect(await statusOf(user.token)).toBe(2);
    const me = await callApi(app, api.user.userInfo, {}, { token: user.token });
    expect(me.data.idcard).toBe('B1234567');
    expect((await submit(user.token, body)).msg).toBe('Your real name is already verified');

    const audits = await queryRows<{ action: string }>(
      app.db,
      sql`
      select action from audit_log where target_type = 'real_name_request' and target_id in (${String(item!.id)}, ${String(second!.id)}) order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['realname.reject', 'realname.approve']);
  });

  it('concurrent submissions put exactly one request under review', async () => {
    const user = await registerUser(app);
    const sets = await Promise.all([1, 2, 3, 4].map(() => idPictures(user.token)));
    const results = await Promise.all(
      sets.map((p) => submit(user.token, { truename: 'A', idcard: '110101199003071233', idcard_zheng: p.front, idcard_fan: p.back })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    const rows = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from real_name_requests where user_id = ${user.userId}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('ID pictures stay private: the owner and support can see them, other players cannot; finance is refused review', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const pics = await idPictures(user.token);
    expect((await getFile(app, pics.front, user.token)).statusCode).toBe(200);
    expect((await getFile(app, pics.front, other.token)).statusCode).toBe(404);
    const support = await operatorWithRole(app, 'support');
    expect((await getFile(app, pics.front, support)).statusCode).toBe(200);
    const finance = await operatorWithRole(app, 'finance');
    expect((await callApi(app, api.admin.realNameList, {}, { token: finance })).status).toBe(403);
  });

  it('refuses guests', async () => {
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.58.0.1' });
    const res = await submit(guest.data.userinfo.token, { truename: 'A', idcard: '1', idcard_zheng: 'a', idcard_fan: 'b' });
    expect(res.msg).toBe('Guests must register as full members before doing this');
  });
});
