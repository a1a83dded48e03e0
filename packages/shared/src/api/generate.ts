/**
 * What is generated from the contract: the clients' schema-free view of every call (src/api/refs/)
 * and the API reference (docs/api.md), as text that `npm run api:generate` writes (a test fails when
 * either is out of date), and the OpenAPI document the server serves at `GET /api/docs`.
 */
import { z } from 'zod';
import type { Access } from '../access.js';
import { refusalEnvelope } from '../schemas/envelope.js';
import { idempotencyHeaders } from '../schemas/lottery.js';
import { callsOf, refOf, type ApiCall, type ApiGroups } from './define.js';

const HEADER = '// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.';

/**
 * The clients' view of the contract: one module per call and an index per group, so a bundler puts
 * each call in the chunk of the screens that make it (`import * as api from '@lucky28/shared/api/refs'`).
 * File names relative to src/api/refs/.
 */
export function refsFiles(groups: ApiGroups): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [group, calls] of Object.entries(groups)) {
    const names = Object.keys(calls);
    for (const [key, call] of Object.entries(calls)) {
      files[`${group}/${key}.ref.ts`] = [
        HEADER,
        "import type { Api } from '../../index.js';",
        "import type { RefOf } from '../../define.js';",
        '',
        `export const ref: RefOf<Api['${group}']['${key}']> = ${JSON.stringify(refOf(call))};`,
        '',
      ].join('\n');
    }
    files[`${group}/index.ts`] = [HEADER, ...(names.length ? names.map((k) => `export { ref as ${k} } from './${k}.ref.js';`) : ['export {};']), ''].join('\n');
  }
  files['index.ts'] = [HEADER, ...Object.keys(groups).map((g) => `export * as ${g} from './${g}/index.js';`), ''].join('\n');
  return files;
}

export function accessText(access: Access): string {
  switch (access.who) {
    case 'public':
      return 'anyone';
    case 'player':
      return 'a signed-in player (guest accounts too)';
    case 'member':
      return 'a registered player';
    case 'service':
      return 'the support chat (shared key)';
    case 'operator':
      return access.roles ? `operators: ${['admin', ...access.roles.filter((r) => r !== 'admin')].join(', ')}` : 'any operator session';
  }
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  maxLength?: number;
  items?: JsonSchema;
};

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

function typeText(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf) return [...new Set(s.anyOf.map(typeText))].join(' \\| ');
  if (s.type === 'array') return `${s.items ? typeText(s.items) : 'any'}[]`;
  if (Array.isArray(s.type)) return s.type.join(' \\| ');
  return s.type ?? 'any';
}

function inputTable(call: ApiCall): string[] {
  if (call.kind === 'upload') return ['Input: a multipart form with `file` and the fields below.', '', ...fieldRows(jsonSchemaOf(call.input, 'input'))];
  const schema = jsonSchemaOf(call.input, 'input');
  const rows = fieldRows(schema);
  const where = call.kind === 'file' ? 'path' : call.method === 'GET' ? 'query string' : 'JSON body (or form, or query string)';
  return rows.length ? [`Input (${where}):`, '', ...rows] : ['Input: none.', ''];
}

function fieldRows(schema: JsonSchema): string[] {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return [];
  const required = new Set(schema.required ?? []);
  return [
    '| field | type | required |',
    '| --- | --- | --- |',
    ...props.map(([name, s]) => `| \`${name}\` | ${typeText(s)} | ${required.has(name) ? 'yes' : 'no'} |`),
    '',
  ];
}

export function referenceMarkdown(groups: ApiGroups): string {
  const out = [
    '<!-- Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit. -->',
    '# API reference',
    '',
    'Every call, as declared once in `packages/shared/src/api/`. The conventions every call shares (the',
    'envelope, errors, languages, idempotency, limits) are in [api-conventions.md](api-conventions.md).',
    '',
    '| call | method and path | who may call | idempotent |',
    '| --- | --- | --- | --- |',
    ...callsOf(groups).map(
      (c) => `| [\`${c.name}\`](#${anchor(c.name)}) | ${c.method} \`${c.path}\` | ${accessText(c.access)} | ${c.idempotent ? 'yes' : ''} |`,
    ),
    '',
  ];
  for (const call of callsOf(groups)) {
    out.push(
      `## ${call.name}`,
      '',
      `\`${call.method} ${call.path}\` — ${accessText(call.access)}${call.idempotent ? '; takes an `Idempotency-Key` header' : ''}.`,
      '',
      call.summary,
      '',
    );
    out.push(...inputTable(call));
    if (call.kind === 'file' && isBytes(call)) out.push("Answer: the file's bytes, or a refusal envelope.", '');
    else if (call.kind === 'download')
      out.push('Answer: a CSV file (`text/csv; charset=utf-8`, UTF-8 with a BOM) as an attachment (`Content-Disposition`), or a refusal envelope.', '');
    else if (call.kind === 'file') {
      const answer = JSON.stringify(jsonSchemaOf(call.answer, 'output'), null, 2);
      out.push(
        'Answer: this JSON document as it is (not in the envelope), or a refusal envelope:',
        '',
        '<details><summary>schema</summary>',
        '',
        '```json',
        answer,
        '```',
        '',
        '</details>',
        '',
      );
    } else {
      const answer = JSON.stringify(jsonSchemaOf(call.answer, 'output'), null, 2);
      out.push(
        call.kind === 'stream' ? "Each event's data (JSON Schema):" : 'Answer `data` (JSON Schema):',
        '',
        '<details><summary>schema</summary>',
        '',
        '```json',
        answer,
        '```',
        '',
        '</details>',
        '',
      );
      if (call.answerMsg) {
        const msg = call.answerMsg === call.answer ? null : JSON.stringify(jsonSchemaOf(call.answerMsg, 'output'), null, 2);
        out.push(
          ...(msg
            ? ['Answer `msg` (JSON Schema):', '', '<details><summary>schema</summary>', '', '```json', msg, '```', '', '</details>', '']
            : ['`msg` carries the same object as `data`.', '']),
        );
      }
    }
  }
  return out.join('\n');
}

const anchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A file call answering bytes: its answer has no JSON Schema (a file call may also answer a JSON document as it is). */
const isBytes = (call: ApiCall) => Object.keys(jsonSchemaOf(call.answer, 'output')).every((k) => k === '$schema');

type Schema = Record<string, unknown>;

/** An OpenAPI 3.1 document: what `GET /api/docs` serves. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  components: { securitySchemes: Record<string, Schema>; schemas: Record<string, Schema> };
  paths: Record<string, Record<string, Schema>>;
}

/**
 * The OpenAPI document of the contract, for tools: each call's input as its request body (POST),
 * query parameters (GET, streams) or path parameters (files), its answer inside the envelope, and who
 * may call it (`security`, `x-access` and a line of description).
 */
export function openApiDocument(groups: ApiGroups, version: string): OpenApiDocument {
  const schemas: Record<string, Schema> = {};
  /** A schema as JSON Schema inside the document: named schemas (zod's `meta({ id })`) go to components. */
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Schema => {
    const { $schema: _, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
    const relocate = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as Schema;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Schema>)) schemas[id] ??= relocate(def);
    return relocate(rest);
  };
  const refusal = schemaOf(refusalEnvelope, 'output');
  const refusals = {
    '4XX': {
      description: 'A refusal (not signed in 401, not allowed 403, no such path or file 404, too many calls 429, …).',
      content: { 'application/json': { schema: refusal } },
    },
    '5XX': {
      description: 'An unexpected failure (with `request_id`), or the service briefly unavailable.',
      content: { 'application/json': { schema: refusal } },
    },
  };
  const paths: OpenApiDocument['paths'] = {};

  for (const [group, calls] of Object.entries(groups)) {
    for (const call of Object.values(calls)) {
      const input = schemaOf(call.input, 'input');
      const fields = Object.entries((input.properties ?? {}) as Record<string, Schema>);
      const required = new Set((input.required ?? []) as string[]);
      const where = call.kind === 'file' ? 'path' : call.method === 'GET' ? 'query' : undefined;
      const parameters = where ? fields.map(([name, schema]) => ({ name, in: where, required: where === 'path' || required.has(name), schema })) : [];
      if (call.idempotent) {
        const header = schemaOf(idempotencyHeaders, 'input') as { properties: Record<string, Schema> };
        parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: header.properties['idempotency-key']! });
      }
      const operation: Schema = {
        operationId: call.name,
        summary: call.summary,
        description: `Who may call: ${accessText(call.access)}.${call.idempotent ? ' A retry with the same `Idempotency-Key` is applied once.' : ''}`,
        tags: [group],
        'x-access': call.access,
        security: securityOf(call.access),
        ...(parameters.length ? { parameters } : {}),
        ...(where ? {} : { requestBody: requestBodyOf(call, input) }),
        responses: { 200: answerOf(call, schemaOf, refusal), ...refusals },
      };
      (paths[call.path.replace(/:(\w+)/g, '{$1}')] ??= {})[call.method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lucky28 API',
      version,
      description:
        'Every call as declared once in packages/shared/src/api. Every answer is the envelope { code, msg, time, data } (files and this document excepted); ' +
        'the conventions every call shares (parameters, languages, errors, limits, idempotency) are in docs/api-conventions.md.',
    },
    tags: Object.entries(groups)
      .filter(([, calls]) => Object.keys(calls).length > 0)
      .map(([name]) => ({ name })),
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token', description: "A player's or an operator's session token." },
        supportKey: { type: 'apiKey', in: 'header', name: 'X-Support-Key', description: "The support chat's shared key." },
      },
      schemas,
    },
    paths,
  };
}

function securityOf(access: Access): Record<string, string[]>[] {
  switch (access.who) {
    case 'public':
      return [];
    case 'service':
      return [{ supportKey: [] }];
    default:
      return [{ token: [] }];
  }
}

function requestBodyOf(call: ApiCall, input: Schema): Schema {
  if (call.kind === 'upload') {
    const form = {
      ...input,
      properties: { ...(input.properties as Schema | undefined), file: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [...((input.required ?? []) as string[]), 'file'],
    };
    return { required: true, content: { 'multipart/form-data': { schema: form } } };
  }
  // POST parameters may also come as a form or in the query string (docs/api-conventions.md).
  return { required: true, content: { 'application/json': { schema: input }, 'application/x-www-form-urlencoded': { schema: input } } };
}

function answerOf(call: ApiCall, schemaOf: (schema: z.ZodType, io: 'output') => Schema, refusal: Schema): Schema {
  const data = schemaOf(call.answer, 'output');
  if (call.kind === 'file') {
    return isBytes(call)
      ? { description: "The file's bytes.", content: { '*/*': {} } }
      : { description: 'The document as it is (not in the envelope).', content: { 'application/json': { schema: data } } };
  }
  if (call.kind === 'download') {
    return { description: 'A CSV file (UTF-8 with a BOM) as an attachment.', content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  if (call.kind === 'stream') {
    return {
      description: "Server-Sent Events, each event's data as below; input refused before the stream starts answers a refusal.",
      content: { 'text/event-stream': { schema: data }, 'application/json': { schema: refusal } },
    };
  }
  // A call may declare what its success `msg` carries (user/userInfo answers its data there too).
  const msg = 'answerMsg' in call && call.answerMsg ? schemaOf(call.answerMsg as z.ZodType, 'output') : { type: 'string' };
  const ok = {
    type: 'object',
    properties: { code: { const: 1 }, msg, time: { type: 'integer' }, data },
    required: ['code', 'msg', 'time', 'data'],
  };
  return {
    description: 'The envelope: `code` 1 with `data` as below, or a refusal (`code` 0, `data` null).',
    content: { 'application/json': { schema: { anyOf: [ok, refusal] } } },
  };
}
