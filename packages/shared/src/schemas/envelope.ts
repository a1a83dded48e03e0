import { z } from 'zod';

/**
 * The API's answers (docs/design.md#the-api-contract) as zod schemas: the server declares each route's answer with them
 * (and checks its own answers against them in tests), the OpenAPI document is generated from them,
 * and clients can take their types from here instead of writing copies.
 */

/** An amount on the wire: a decimal string with two places, "100.00" (negative for debits). */
export const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);
/** A point in time on the wire: Unix seconds. */
export const unixTime = z.number().int();

/** `{ code: 1, msg, time, data }`: success, `msg` a localised text. */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(1), msg: z.string(), time: unixTime, data });

/**
 * A refusal: `code` 0 with a localised `msg` meant for the user and `field` naming the offending
 * parameter when there is one; 401 not logged in; 403 not allowed. An unexpected failure (HTTP 500)
 * adds `request_id`.
 */
export const refusalEnvelope = z
  .object({
    code: z.union([z.literal(0), z.literal(401), z.literal(403)]),
    msg: z.string(),
    time: unixTime,
    data: z.null(),
    field: z.string().optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Refusal' });

/** Success or refusal, as one HTTP 200 may carry either. */
export const envelope = <T extends z.ZodType>(data: T) => z.union([okEnvelope(data), refusalEnvelope]);

/** `data: null` on success. */
export const noData = z.null();
