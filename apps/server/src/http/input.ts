import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isMessageKey, validate, type MessageKey } from '@lucky28/shared';
import { AppError } from '../errors.js';

/**
 * Validates one value against `schema`; a failure becomes a localised refusal naming `field`.
 * Routes declare their input on the route (plugins/validation.ts); this serves what is judged later
 * on purpose: a value checked in a business order (a withdrawal's amount after its account checks,
 * docs/product.md#validation-rules) and the text fields of a multipart form, read from the stream.
 */
export function parseValue<S extends z.ZodType>(schema: S, value: unknown, field: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && isMessageKey(issue.message) ? issue.message : 'err.bad_request';
  const path = issue?.path[0];
  throw new AppError(message, { field: path === undefined ? field : String(path) });
}

/**
 * Transitional, for routes not yet declaring their schema on the route (plugins/validation.ts):
 * the merged query + body. A route with a declared body schema gets this merged and parsed as
 * `request.body`.
 */
export function input(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

/** Transitional: declare the schema on the route instead (see CONTRIBUTING "Routes"). */
export function parseInput<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  const result = validate(schema, input(request));
  if (!result.ok) throw new AppError(result.error.message as MessageKey, { field: result.error.field });
  return result.value;
}
