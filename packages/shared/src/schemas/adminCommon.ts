import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

/** Building blocks of the operator console's input schemas: bounded text without control characters, ids, pages. */
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const INT_MAX = 2_147_483_647;

/** Optional single-line text of at most `max` characters; blank becomes undefined. */
export const optionalBounded = (max: number, invalid = 'err.bad_request') =>
  optionalText().pipe(z.string().max(max, invalid).refine((v) => !CONTROL_RE.test(v) && !/[\r\n]/.test(v), invalid).optional());

/** Required single-line text of at most `max` characters. */
export const requiredBounded = (max: number, required: string, invalid = 'err.bad_request') =>
  requiredText(required).pipe(z.string().max(max, invalid).refine((v) => !CONTROL_RE.test(v) && !/[\r\n]/.test(v), invalid));

/** Text that may span lines (reasons, notices) but has no other control characters. */
export const requiredMultiline = (max: number, required: string, invalid = 'err.bad_request') =>
  requiredText(required).pipe(z.string().max(max, invalid).refine((v) => !CONTROL_RE.test(v), invalid));

/** A positive id (a row of a serial column); a scalar, never an array. */
export const idField = (invalid = 'err.not_found') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).int(invalid).min(1, invalid).max(INT_MAX, invalid),
  );

export const optionalId = (invalid = 'err.not_found') =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(invalid).optional());

/** An integer in [min, max], from a number or its decimal text. */
export const intField = (min: number, max: number, invalid = 'err.bad_request') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).int(invalid).min(min, invalid).max(max, invalid),
  );

export const pageFields = {
  page: z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(1, 100_000).optional()),
  limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(1, 200).optional()),
};

/** "YYYY-MM-DD" or absent. */
export const optionalDate = () => optionalText().pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'err.date_invalid').optional());

export const booleanField = () =>
  z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'err.bad_request' }));

/** Text in the four languages of the product (zh, tw, en, vi), each required. */
export const localizedText = (max: number, required: string) =>
  z.object(
    { zh: requiredBounded(max, required), tw: requiredBounded(max, required), en: requiredBounded(max, required), vi: requiredBounded(max, required) },
    { error: required },
  );

export const reasonField = () => requiredMultiline(200, 'err.reason_required', 'err.reason_invalid');
