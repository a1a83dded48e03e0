import { describe, expect, it } from 'vitest';
import { api } from './index.js';
import { callsOf, pathOf, type ApiCall } from './define.js';
import { openApiDocument } from './generate.js';
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
      access: { who: 'member' },
      idempotent: true,
    });
  });
});

describe('the OpenAPI document of the contract', () => {
  const doc = openApiDocument(api, '1.2.3');
  const operation = (c: ApiCall) => doc.paths[c.path.replace(/:(\w+)/g, '{$1}')]?.[c.method.toLowerCase()] as Record<string, any> | undefined;

  it('documents every call at its method and path, named and tagged by its group', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    for (const c of callsOf(api)) {
      const op = operation(c);
      expect(op, c.name).toBeDefined();
      expect(op!.operationId).toBe(c.name);
      expect(op!.tags).toEqual([c.name.split('.')[0]]);
      expect(op!.summary).toBe(c.summary);
    }
  });

  it('puts the input where the call takes it: a JSON or form body (POST), the query (GET), the path (files), a multipart form (uploads)', () => {
    const body = operation(api.content.noticeList)!;
    expect(body.requestBody.content['application/json'].schema.required).toEqual(['type']);
    expect(Object.keys(body.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(body.parameters).toBeUndefined();

    const query = operation(api.fair.round)!;
    expect(query.requestBody).toBeUndefined();
    expect(query.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
      ['game_id', 'query', true],
      ['issue', 'query', true],
    ]);

    const file = operation(api.common.file)!;
    expect(file.parameters).toEqual([expect.objectContaining({ name: 'name', in: 'path', required: true })]);
    expect(Object.keys(file.responses[200].content)).toEqual(['*/*']);

    const upload = operation(api.common.upload)!.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(upload.properties)).toEqual(['type', 'file']);
    expect(upload.required).toEqual(['file']);
  });

  it('answers inside the envelope, refusals as the shared Refusal schema', () => {
    const answer = operation(api.content.inviteInfo)!.responses;
    const [ok, refusal] = answer[200].content['application/json'].schema.anyOf;
    expect(ok.properties.code).toEqual({ const: 1 });
    expect(ok.properties.data.required).toEqual(['inviter_id', 'invited']);
    expect(refusal).toEqual({ $ref: '#/components/schemas/Refusal' });
    expect(answer['4XX'].content['application/json'].schema).toEqual(refusal);
    expect(doc.components.schemas.Refusal).toMatchObject({ type: 'object', required: ['code', 'msg', 'time', 'data'] });
    // Streams: each event's data; this document itself: as it is.
    const stream = operation(api.lottery.stream)!.responses[200].content;
    expect(stream['text/event-stream'].schema.anyOf.length).toBeGreaterThan(1);
    expect(stream['application/json'].schema).toEqual(refusal);
    expect(operation(api.docs.openApi)!.responses[200].content['application/json'].schema.required).toEqual(['openapi', 'info', 'paths']);
  });

  it('says who may call each call: security, x-access and a line of description; the Idempotency-Key where it applies', () => {
    expect(operation(api.fair.chain)!.security).toEqual([]);
    expect(operation(api.content.noticeUnread)!.security).toEqual([{ token: [] }]);
    expect(operation(api.support.redeem)!.security).toEqual([{ supportKey: [] }]);
    expect(operation(api.content.inviteInfo)!['x-access']).toEqual({ who: 'member' });
    expect(operation(api.content.inviteInfo)!.description).toContain('a registered player');
    const bet = operation(api.lottery.playOrder)!;
    expect(bet.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    expect(operation(api.lottery.heart)!.parameters).toBeUndefined();
  });

  it('fills in a call’s path parameters (the address of a file)', () => {
    expect(pathOf(api.common.file, { name: 'abc_-1' })).toBe('/api/common/file/abc_-1');
    expect(pathOf(api.content.art, { name: 'fair-en.svg' })).toBe('/api/index/art/fair-en.svg');
    expect(pathOf(api.content.media, { name: '' })).toBe('/api/index/media/');
  });
});
