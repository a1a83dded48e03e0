import { z } from 'zod';

/**
 * The field vocabulary every input schema is built from (docs/design.md#quality-bars): bounded text without control
 * characters, integers within their column's range, lists with a small maximum length checked before
 * any work, and no array or object where a scalar is meant. Failures carry message keys of the API
 * catalogue, so the server and the apps report them in the user's language.
 */

/** Largest value of a PostgreSQL `integer` column (ids, counters). */
export const INT4_MAX = 2_147_483_647;
/** Default longest text field, in characters, when a field does not state its own. */
export const TEXT_MAX = 100;

/**
 * Characters no single-line text field accepts: C0/C1 control characters (NUL included), lone
 * surrogate halves and the bidirectional overrides that can disguise a name. Multi-line fields
 * accept tab, line feed and carriage return.
 */
const FORBIDDEN_RE = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
const FORBIDDEN_MULTILINE_RE = /(?![\t\n\r])[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

/** Whether `text` contains a character that no text field of this kind accepts. */
export function hasForbiddenChars(text: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_MULTILINE_RE : FORBIDDEN_RE).test(text);
}

export interface TextOptions {
  /** Longest accepted length in characters (UTF-16 units); default TEXT_MAX. */
  max?: number;
  /** Message for a value that is too long, of the wrong type or has forbidden characters (else generic ones). */
  invalid?: string;
  /** Accept tab and line breaks (article bodies, notes). */
  multiline?: boolean;
}

const missing = (v: unknown) => v === undefined || v === null;

/**
 * A string or a number (some clients send numeric text as numbers): nothing else, and never longer
 * than `max`. A number becomes exactly the text the client wrote: the server reads a JSON number not
 * written the way JavaScript writes it (1e1, 10.0) as its text (apps/server/src/http/jsonBody.ts).
 */
function scalarText(requiredMessage: string, opts: TextOptions) {
  const max = opts.max ?? TEXT_MAX;
  return z
    .union([z.string().max(max, opts.invalid ?? 'err.text_too_long'), z.number()], {
      error: (issue) => (missing(issue.input) ? requiredMessage : (opts.invalid ?? 'err.text_invalid')),
    })
    .meta({ maxLength: max });
}

const cleanText = (opts: TextOptions) => z.string().refine((v) => !hasForbiddenChars(v, opts.multiline), opts.invalid ?? 'err.text_bad_chars');

/** A required text field: missing, null and blank fail with `required`. Trimmed. */
export const requiredText = (required: string, opts: TextOptions = {}) =>
  scalarText(required, opts)
    .transform((v) => String(v).trim())
    .pipe(cleanText(opts).min(1, required));

/** An optional text field: missing, null and blank become undefined. Trimmed. */
export const optionalText = (opts: TextOptions = {}) =>
  z
    .union([scalarText(opts.invalid ?? 'err.text_invalid', opts), z.null()], { error: opts.invalid ?? 'err.text_invalid' })
    .optional()
    .transform((v) => (v === null || v === undefined ? undefined : String(v).trim() || undefined))
    .pipe(cleanText(opts).optional());

export interface IntOptions {
  /** Smallest accepted value; default 0. */
  min?: number;
  /** Largest accepted value; default INT4_MAX. */
  max?: number;
  /** Message for anything that is not an integer in range. */
  invalid: string;
  /** Message when the field is missing or blank; default `invalid`. */
  required?: string;
}

/**
 * An integer written as a client writes one: plain decimal digits, no leading zero, a minus for a
 * negative. White space, a plus sign, leading zeros, fractions and exponents are refused rather than
 * read as the number they might mean (issue 42).
 */
const INT_TEXT_RE = /^(?:0|-?[1-9]\d{0,14})$/;

/** "12" or 12 → 12; anything else (" 12 ", "012", "+12", 1.5, "1e3", "0x1", [1], true, 2^53) → NaN. */
function toInt(v: number | string): number {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : Number.NaN;
  return INT_TEXT_RE.test(v) ? Number(v) : Number.NaN;
}

function intValue(opts: IntOptions) {
  const { min = 0, max = INT4_MAX, invalid } = opts;
  return z.number({ error: invalid }).int(invalid).min(min, invalid).max(max, invalid);
}

/** A required integer in [min, max], sent as a number or as decimal digits. */
export const intField = (opts: IntOptions) => {
  const required = opts.required ?? opts.invalid;
  return z
    .union([z.number(), z.string().max(20, opts.invalid)], { error: (issue) => (missing(issue.input) ? required : opts.invalid) })
    .transform((v, ctx) => {
      if (typeof v === 'string' && v.trim() === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return toInt(v);
    })
    .pipe(intValue(opts))
    .meta({ type: 'integer', minimum: opts.min ?? 0, maximum: opts.max ?? INT4_MAX });
};

/** An optional integer in [min, max]: missing, null and blank become undefined. */
export const optionalInt = (opts: IntOptions) =>
  z
    .union([z.number(), z.string().max(20, opts.invalid), z.null()], { error: opts.invalid })
    .optional()
    .transform((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : toInt(v)))
    .pipe(intValue(opts).optional())
    .meta({ type: 'integer', minimum: opts.min ?? 0, maximum: opts.max ?? INT4_MAX });

/** A row id (1 … INT4_MAX). */
export const idField = (invalid: string, required = invalid) => intField({ min: 1, invalid, required });

/** An optional row id; 0 is accepted and means "none" where a client sends it so. */
export const optionalId = (invalid: string) => optionalInt({ min: 0, invalid });

/** A yes/no flag as clients send it: true/false, 1/0, "1"/"0", "true"/"false"; missing is false. */
export const flagField = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', '']), z.null()], { error: 'err.bad_request' })
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A yes/no flag that must be sent (a missing one is refused with `invalid`, never read as "no"). */
export const requiredFlag = (invalid: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: invalid })
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export interface IntListOptions {
  /** Most items accepted (checked on the raw input, before anything is split or parsed). */
  maxItems: number;
  /** Largest accepted item. */
  maxItem: number;
  /** Message for a malformed list, a malformed item or too many items. */
  invalid: string;
  /** Message for an item given twice (default `invalid`). */
  repeated?: string;
}

/**
 * A list of small integers as "1,3,11", a single 1, or [1, "3"]: the values in the order given, an
 * empty list when nothing is sent. Each item is an integer as `intField` reads one (no white space,
 * no leading zero); an item given twice is refused, never merged. One trailing comma ("1,3,") is
 * accepted — a client that appends a comma after each selected item sends it, and it means nothing
 * more — but no other empty item. The raw text and the array are bounded first, so a hostile list
 * costs nothing to refuse.
 */
export const intListField = (opts: IntListOptions) => {
  const digits = String(opts.maxItem).length;
  // Each item: its digits and a comma (the text is bounded with room to spare; items are checked one by one).
  const maxText = opts.maxItems * (digits + 3);
  const item = z.union([z.number(), z.string().max(digits + 2, opts.invalid)], { error: opts.invalid });
  const refuse = (ctx: z.RefinementCtx, message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  return z
    .union([z.string().max(maxText, opts.invalid), z.number(), z.array(item).max(opts.maxItems, opts.invalid), z.null()], {
      error: opts.invalid,
    })
    .optional()
    .transform((v, ctx) => {
      let parts: (string | number)[];
      if (v === undefined || v === null || v === '') parts = [];
      else if (Array.isArray(v)) parts = v;
      else if (typeof v === 'number') parts = [v];
      else {
        parts = v.split(',');
        if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
      }
      if (parts.length > opts.maxItems) return refuse(ctx, opts.invalid);
      const seen = new Set<number>();
      for (const p of parts) {
        const n = toInt(p);
        if (!Number.isSafeInteger(n) || n < 0 || n > opts.maxItem) return refuse(ctx, opts.invalid);
        if (seen.has(n)) return refuse(ctx, opts.repeated ?? opts.invalid);
        seen.add(n);
      }
      return [...seen];
    })
    .meta({ description: `up to ${opts.maxItems} distinct integers 0–${opts.maxItem}, as "1,3,11" or an array` });
};

/** A value from a fixed set of strings, compared case-insensitively; `invalid` for anything else. */
export const enumText = <const T extends readonly [string, ...string[]]>(values: T, invalid: string, required = invalid) =>
  requiredText(required, { max: Math.max(...values.map((v) => v.length)), invalid })
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(values, { error: invalid }));

/** A date as "YYYY-MM-DD" (history filters); missing or blank is undefined (the caller defaults it). */
export const optionalDate = (invalid: string) =>
  optionalText({ max: 10, invalid }).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
      .optional(),
  );

/** The input of a call that takes no parameters (what rides on every call, `lang` and `host`, is dropped). */
export const noInput = z.object({});

/** What a file call answers: the file's bytes, not the envelope (never checked against a schema). */
export const fileBytes = z.instanceof(Uint8Array);
