/**
 * The two files generated from the contract, as text: the clients' schema-free view of every call
 * (src/api/refs.generated.ts) and the API reference (docs/api.md). `npm run api:generate` writes
 * them; a test fails when either is out of date.
 */
import { z } from 'zod';
import type { Access } from '../access.js';
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

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; anyOf?: JsonSchema[]; enum?: unknown[]; maxLength?: number; items?: JsonSchema };

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

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
  return rows.length ? [`Input (${where}):`, '', ...rows] : ['Input: none.'];
}

function fieldRows(schema: JsonSchema): string[] {
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return [];
  const required = new Set(schema.required ?? []);
  return ['| field | type | required |', '| --- | --- | --- |', ...props.map(([name, s]) => `| \`${name}\` | ${typeText(s)} | ${required.has(name) ? 'yes' : 'no'} |`), ''];
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
    ...callsOf(groups).map((c) => `| [\`${c.name}\`](#${anchor(c.name)}) | ${c.method} \`${c.path}\` | ${accessText(c.access)} | ${c.idempotent ? 'yes' : ''} |`),
    '',
  ];
  for (const call of callsOf(groups)) {
    out.push(`## ${call.name}`, '', `\`${call.method} ${call.path}\` — ${accessText(call.access)}${call.idempotent ? '; takes an `Idempotency-Key` header' : ''}.`, '', call.summary, '');
    out.push(...inputTable(call));
    if (call.kind === 'file') out.push('Answer: the file\'s bytes, or a refusal envelope.', '');
    else {
      const answer = JSON.stringify(jsonSchemaOf(call.answer, 'output'), null, 2);
      out.push(call.kind === 'stream' ? 'Each event\'s data (JSON Schema):' : 'Answer `data` (JSON Schema):', '', '<details><summary>schema</summary>', '', '```json', answer, '```', '', '</details>', '');
      if (call.answerMsg) {
        const msg = call.answerMsg === call.answer ? null : JSON.stringify(jsonSchemaOf(call.answerMsg, 'output'), null, 2);
        out.push(...(msg ? ['Answer `msg` (JSON Schema):', '', '<details><summary>schema</summary>', '', '```json', msg, '```', '', '</details>', ''] : ['`msg` carries the same object as `data`.', '']));
      }
    }
  }
  return out.join('\n');
}

const anchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
