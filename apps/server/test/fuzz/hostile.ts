/**
 * Generators of malformed and hostile input for the fuzz suite, with fast-check.
 * Field values are derived from each route's declared input schema (as the JSON schema the OpenAPI
 * document shows: types, lengths, ranges, patterns), then bent: boundaries and one past them, wrong
 * types, arrays and objects where a scalar is meant, huge strings, control characters and NUL, lone
 * surrogates and bidirectional overrides, deep and wide JSON, and strings an attacker tries first.
 */
import fc from 'fast-check';

/** The subset of JSON schema (draft 2020-12, as zod's toJSONSchema writes it) the generators read. */
export interface FieldSchema {
  type?: string | string[];
  anyOf?: FieldSchema[];
  oneOf?: FieldSchema[];
  allOf?: FieldSchema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  items?: FieldSchema;
  maxItems?: number;
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

/** Every member of a schema's unions, flattened, with the schema itself first. */
function variantsOf(schema: FieldSchema): FieldSchema[] {
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [schema, ...nested.flatMap(variantsOf)];
}

const typesOf = (s: FieldSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The longest text the field declares (the smallest bound found), or a default. */
export function maxLengthOf(schema: FieldSchema, fallback = 100): number {
  const bounds = variantsOf(schema)
    .map((v) => v.maxLength)
    .filter((n): n is number => typeof n === 'number');
  return bounds.length ? Math.min(...bounds) : fallback;
}

/** Strings an attacker tries first: injections, traversal, templates, format tricks. */
const ATTACK_STRINGS = [
  "' OR '1'='1",
  "1'; drop table users; --",
  '1 union select null--',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '%00',
  '\\',
  '"',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  '[]',
  '{}',
  '1e300',
  '-1e300',
  '1e-300',
  '0x1F',
  '0b101',
  '0o17',
  '1_000',
  '١٢٣',
  '１２３',
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '00000000001',
  '+1',
  '-0',
  '1.',
  '.5',
  '1,000.00',
  '10.001',
  ' ',
  '',
  '\t',
  '\r\n',
  '\u00a0',
  '\u2028',
  '\u3000',
];

/** Characters no text field accepts (or that try to disguise text). */
const NASTY_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\u0301',
  '𝕏',
  '字',
  '🀄',
];

/** Plausible words of this API, so some inputs get past the first checks and reach the handler. */
const API_WORDS = [
  'usdt',
  'bank',
  'alipay',
  'wechat',
  'trc20',
  'erc20',
  'omni',
  'recharge_screenshot',
  'idcard',
  'avatar',
  'admin',
  'finance',
  'support',
  'moderator',
  'en',
  'zh',
  'tw',
  'vi',
  '2025-06-01',
  '2025-06-31',
  '2025-13-01',
  '0000-00-00',
  '10',
  '100.00',
  '0.01',
  '1,2,3',
  '0,27',
  '123456',
  'correct-horse-9',
  '20250601172',
  '20250601001',
  'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  '6222020200112233',
  '110101199003077774',
];

/** Text built from control and disguising characters mixed with ordinary ones. */
const nastyText = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...NASTY_CHARS), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: Math.max(2, Math.min(maxLength + 2, 40)) })
    .map((parts) => parts.join(''));

/** Strings at and beyond a field's length bound, in one- and multi-unit characters. */
const lengthEdges = (max: number) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom('a'.repeat(max), 'a'.repeat(max + 1), '字'.repeat(max + 1), '𝕏'.repeat(Math.ceil((max + 1) / 2)), ` ${'a'.repeat(max)} `),
    },
    { weight: 3, arbitrary: fc.integer({ min: max + 1, max: max * 4 + 8 }).map((n) => 'x'.repeat(n)) },
    // Well beyond anything a route takes: the body limit refuses it before the field is read.
    { weight: 1, arbitrary: fc.constantFrom('y'.repeat(5_000), 'z'.repeat(40_000)) },
  );

/** Numbers at, around and far beyond an integer field's range, as numbers and as text. */
function integerEdges(min: number, max: number) {
  const near = [min, max, min - 1, max + 1, 0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e300, -1e300, 1.5, -0.5, 5e-324];
  const asNumber = fc.oneof(
    fc.constantFrom(...near),
    fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, Math.max(min, 0) + 60) }),
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
    fc.double({ noNaN: true }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: asNumber },
    {
      weight: 2,
      arbitrary: fc
        .tuple(asNumber, fc.constantFrom('', ' ', '0', '+', '.0', 'e0', '\u0000', 'n', '\u0661'))
        .map(([n, affix]) => (affix === ' ' ? ` ${n} ` : affix === '0' || affix === '+' || affix === '\u0661' ? `${affix}${n}` : `${n}${affix}`)),
    },
  );
}

/** A value near what the field declares: the kind of thing a sloppy or probing client sends. */
export function nearValid(schema: FieldSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  for (const v of variantsOf(schema)) {
    const types = typesOf(v);
    if (v.enum?.length)
      options.push(
        fc.constantFrom(...v.enum),
        fc.constantFrom(...v.enum).map((e) => (typeof e === 'string' ? e.toUpperCase() : e)),
      );
    if (v.const !== undefined) options.push(fc.constant(v.const));
    if (v.pattern) {
      let re: RegExp | undefined;
      try {
        re = new RegExp(v.pattern);
      } catch {
        re = undefined;
      }
      if (re) options.push(fc.stringMatching(re).map((s) => s.slice(0, (v.maxLength ?? 200) + 8)));
    }
    if (types.includes('integer') || (types.includes('number') && (v.minimum !== undefined || v.maximum !== undefined))) {
      options.push(integerEdges(v.minimum ?? -(2 ** 31), v.maximum ?? 2 ** 31 - 1));
    }
    if (types.includes('string')) {
      const max = v.maxLength ?? 100;
      options.push(fc.string({ maxLength: max }), fc.constantFrom(...API_WORDS), fc.string({ unit: 'grapheme', maxLength: Math.min(max, 30) }));
    }
    if (types.includes('boolean')) options.push(fc.constantFrom(true, false, 'true', 'false', 1, 0, '1', '0', 'yes', ''));
    if (types.includes('array') && v.items) {
      const item = nearValid(v.items);
      options.push(fc.array(item, { maxLength: (v.maxItems ?? 10) + 2 }));
    }
    if (types.includes('object') && v.properties) options.push(objectFor(v));
  }
  if (options.length === 0) options.push(fc.constantFrom(...API_WORDS), fc.integer({ min: -5, max: 60 }));
  return fc.oneof(...options);
}

/** JSON nested `depth` levels deep (arrays or objects). */
export const deepJson = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

/** A value of the wrong shape altogether: containers, deep and wide JSON, operator objects. */
export const hostileStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>([], [1], ['1', '2'], [null], [[]], {}, { $ne: null }, { $gt: '' }, { toString: 'x' }, { valueOf: 1 }, { length: 1 }),
  fc.integer({ min: 2, max: 400 }).chain((depth) => fc.constantFrom(deepJson(depth, 'array'), deepJson(depth, 'object'))),
  fc.integer({ min: 10, max: 120 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  fc.integer({ min: 10, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A scalar that is wrong for the field: edge numbers, attack strings, nasty characters, over-long text. */
export function hostileScalar(maxLength: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -0, -1, 1e300, -1e300, 2 ** 31, 2 ** 53, Number.MAX_VALUE, 0.1),
    fc.constantFrom(...ATTACK_STRINGS),
    nastyText(maxLength),
    lengthEdges(maxLength),
    fc.string({ unit: 'binary', maxLength: Math.min(maxLength + 4, 60) }),
  );
}

/** Any value for one field: near valid, a wrong scalar, or the wrong shape. */
export function fieldValue(schema: FieldSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: nearValid(schema) },
    { weight: 3, arbitrary: hostileScalar(maxLengthOf(schema)) },
    { weight: 1, arbitrary: hostileStructure },
  );
}

/** Keys that are not the route's: prototype names, what rides on every call, garbage. */
const EXTRA_KEYS = [
  'lang',
  'host',
  'token',
  'user_id',
  'userId',
  'id',
  'role',
  'group_id',
  'money',
  'constructor',
  'prototype',
  '__proto__',
  '',
  ' ',
  'a\u0000b',
  'k'.repeat(300),
];

/** An input object for a declared object schema: some declared fields (any value), maybe extra keys. */
export function objectFor(schema: FieldSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const declared = props.map(([key, field]) =>
    fc.option(
      fieldValue(field).map((value) => [key, value] as const),
      { freq: 4, nil: undefined },
    ),
  );
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), fc.oneof(hostileScalar(20), hostileStructure)), {
    maxLength: 3,
  });
  return fc.tuple(fc.tuple(...declared), extra).map(([fields, more]) => {
    const out: Record<string, unknown> = {};
    for (const entry of [...fields, ...more]) {
      if (!entry) continue;
      // defineProperty: a `__proto__` key becomes an own key, as JSON.parse would make it.
      Object.defineProperty(out, entry[0], { value: entry[1], enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

/** Values a client could put in a header (printable ASCII only: anything else never leaves a real client). */
export const headerText = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'undefined', 'Bearer', 'Bearer x', '../../etc', "' or 1=1 --", '%00', 'a'.repeat(300), 'a'.repeat(5_000)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 120 }),
);

/** What arrives as `Accept-Language`. */
export const acceptLanguage = fc.oneof(fc.constantFrom('en', 'zh-CN', 'zh-TW', 'vi', 'fr', '*', 'en;q=0.1,vi', ''), headerText);

/** Raw bodies that no parser should choke on. */
export const rawBodies: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '',
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}garbage',
    '[',
    'null',
    'true',
    '"text"',
    '123',
    '1e999',
    '-',
    '\u0000',
    '{"\u0000":1}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1,"a":2}',
    '\ufeff{"a":1}',
    'a=1&a=2&a[]=3&a[b]=4',
    'a=%E0%A4%A&b=%zz&%=1',
    '=&&==',
    '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    Buffer.from('{"lang":"en"}', 'utf16le'),
    Buffer.from([0xff, 0xfe, 0x00, 0x00, 0xc0, 0xaf, 0xe0, 0x80]),
  ),
  fc.integer({ min: 10, max: 3_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 10, max: 3_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.integer({ min: 10, max: 3_000 }).map((n) => '['.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);

/** Content types, real and broken. */
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=X',
  'multipart/form-data; boundary=',
  `multipart/form-data; boundary=${'b'.repeat(300)}`,
  'text/plain',
  'text/xml',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'application/vnd.api+json',
  'image/png',
  '*/*',
  '/',
  ';;;',
  'application/json; boundary',
);

/** Multipart bodies that break the format in the ways parsers get wrong. */
export const brokenMultipart: fc.Arbitrary<{ contentType: string; payload: string | Buffer }> = fc.oneof(
  fc.constantFrom(
    { contentType: 'multipart/form-data', payload: 'abc' },
    { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\nContent-Disposition: form-data; name="type"\r\n\r\nidcard' },
    {
      contentType: 'multipart/form-data; boundary=XyZ',
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    },
    { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ--\r\n' },
    { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\n\r\n\r\n--XyZ--\r\n' },
    { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ--\r\n' },
    {
      contentType: 'multipart/form-data; boundary=XyZ',
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../x.png"\r\n\r\n\r\n--XyZ--\r\n',
    },
    { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\nContent-Disposition: form-data; name="\u0000"\r\n\r\n\u0000\r\n--XyZ--\r\n' },
    { contentType: 'multipart/form-data; boundary=XyZ', payload: '' },
    { contentType: 'multipart/form-data; boundary="unterminated', payload: '--unterminated\r\n' },
  ),
  fc
    .tuple(fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 })), { maxLength: 6 }), fc.boolean(), fc.boolean())
    .map(([fields, withFile, closed]) => {
      const parts = fields.map(([name, value]) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      if (withFile) parts.push('--B\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n');
      return { contentType: 'multipart/form-data; boundary=B', payload: parts.join('') + (closed ? '--B--\r\n' : '') };
    }),
);

/** Query strings that are malformed in themselves. */
export const rawQueries = fc.oneof(
  fc.constantFrom(
    '?',
    '?&&&',
    '?=',
    '?a',
    '?%',
    '?%E0%A4%A',
    '?%zz=1',
    '?lang=%00',
    '?lang[]=en&lang[]=vi',
    '?lang[a]=1',
    '?id=1&id=2',
    '?id[]=1',
    '?id[0]=1',
    '?__proto__[x]=1',
    '?constructor[prototype][x]=1',
    '?a=1;b=2',
    '?#frag',
    `?${'a'.repeat(9_000)}=1`,
    `?${Array.from({ length: 2_000 }, (_, i) => `k${i}=${i}`).join('&')}`,
  ),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }).map((s) => `?${s.replace(/#/g, '%23')}`),
);

/** Path segments for a route parameter: valid-looking, hostile, malformed or over-long, as sent on the wire. */
export const pathSegments = fc.oneof(
  fc.constantFrom('%E0%A4%A', '%', '%00', '%2e%2e', '..', '.', '%2F', 'a%2Fb', '%C0%AE', '%FF', 'a'.repeat(200), 'a'.repeat(64), 'a'.repeat(32) + '.png'),
  fc.stringMatching(/^[A-Za-z0-9_-]{32}$/),
  fc.string({ maxLength: 70 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80';
    }
  }),
);

/**
 * An input that is valid except for a field or two: each declared field takes a value known to be
 * acceptable (from `known`, by field name) or a near-valid one, then up to two fields are replaced
 * by hostile values. With nothing replaced the call does its real work (bets, approvals, gifts), so
 * reconciliation afterwards checks what the fuzzed calls did to the books.
 */
export function mostlyValid(schema: FieldSchema, known: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return objectFor(schema);
  const base = fc.tuple(...props.map(([key, field]) => (Object.hasOwn(known, key) ? known[key]! : nearValid(field))));
  const broken = fc.subarray(
    props.map(([key]) => key),
    { maxLength: Math.min(2, props.length) },
  );
  const hostile = fc.tuple(...props.map(([, field]) => fieldValue(field)));
  return fc.tuple(base, broken, hostile).map(([values, keys, bad]) => {
    const out: Record<string, unknown> = {};
    props.forEach(([key], i) => {
      const value = keys.includes(key) ? bad[i] : values[i];
      if (value !== undefined) out[key] = value;
    });
    return out;
  });
}
