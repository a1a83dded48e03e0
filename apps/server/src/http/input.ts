import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validate, type MessageKey } from '@lucky28/shared';
import { AppError } from '../errors.js';

/** Parameters arrive as JSON body, form body or query string (DESIGN §3); the body wins. */
export function input(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

/** Validates the request's parameters; the first failure becomes a localised error naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  const result = validate(schema, input(request));
  if (!result.ok) {
    throw new AppError(result.error.message as MessageKey, { field: result.error.field });
  }
  return result.value;
}
