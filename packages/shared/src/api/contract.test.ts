import { describe, expect, it } from 'vitest';
import { api } from './index.js';
import { callsOf } from './define.js';
import * as refs from './refs/index.js';

describe('the API contract', () => {
  const calls = callsOf(api);

  it('names every call by its group and key, once', () => {
    for (const [group, members] of Object.entries(api)) {
      for (const [key, call] of Object.entries(members)) expect(call.name).toBe(`${group}.${key}`);
    }
    expect(new Set(calls.map((c) => c.name)).size).toBe(calls.length);
  });

  it('declares each method and path once, under /api/', () => {
    const routes = calls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const c of calls) expect(c.path).toMatch(/^\/api\//);
  });

  it('takes an Idempotency-Key only on calls that change something (POST)', () => {
    for (const c of calls.filter((c) => c.idempotent)) expect(c.method).toBe('POST');
  });

  it('gives every call a summary', () => {
    for (const c of calls) expect(c.summary.length, c.name).toBeGreaterThan(10);
  });

  it("the clients' modules hold each call without its schemas", () => {
    expect(Object.keys(refs).sort()).toEqual(Object.keys(api).sort());
    expect(refs.lottery.playOrder).toEqual({
      name: 'lottery.playOrder',
      method: 'POST',
      path: '/api/Lottery/playOrder',
      kind: 'json',
      access: { who: 'player' },
      idempotent: true,
    });
  });
});
