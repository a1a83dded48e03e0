import { z } from 'zod';
import { okEnvelope, refusalEnvelope, unixTime } from '@lucky28/shared';

/**
 * A route's declared answers (`schema.response`): HTTP 200 carries the success envelope with `data`
 * of the given shape or a refusal (`code` 0); 4xx and 5xx carry a refusal. The OpenAPI document
 * shows them, and tests check every answer against them.
 */
export function answers<T extends z.ZodType>(data: T, opts: { msg?: z.ZodType } = {}) {
  const ok = opts.msg ? z.object({ code: z.literal(1), msg: opts.msg, time: unixTime, data }) : okEnvelope(data);
  return {
    200: z.union([ok, refusalEnvelope]),
    '4xx': refusalEnvelope,
    '5xx': refusalEnvelope,
  };
}
