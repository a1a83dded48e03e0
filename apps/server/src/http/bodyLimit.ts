import { z } from 'zod';

/** Room for what rides on every call (`lang`, `host`) and the JSON punctuation around it. */
export const BODY_BASE_BYTES = 1024;

type JsonSchema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
};

/**
 * The most bytes a value of this JSON schema can take as JSON, each character counted as six bytes
 * (a client may escape every character as \uXXXX); Infinity when something is unbounded.
 */
export function maxJsonBytes(schema: JsonSchema): number {
  if (schema.const !== undefined) return JSON.stringify(schema.const).length * 6;
  if (schema.enum) return Math.max(...schema.enum.map((v) => JSON.stringify(v).length * 6));
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return Math.max(...options.map(maxJsonBytes));
  if (schema.allOf) return Math.min(...schema.allOf.map(maxJsonBytes));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return Number.POSITIVE_INFINITY;
  return Math.max(
    ...types.map((type) => {
      switch (type) {
        case 'string':
          return schema.maxLength === undefined ? Number.POSITIVE_INFINITY : schema.maxLength * 6 + 2;
        case 'number':
        case 'integer':
          return 24;
        case 'boolean':
        case 'null':
          return 5;
        case 'array':
          return schema.maxItems === undefined || !schema.items ? Number.POSITIVE_INFINITY : schema.maxItems * (maxJsonBytes(schema.items) + 1) + 2;
        case 'object':
          return Object.entries(schema.properties ?? {}).reduce((sum, [key, value]) => sum + key.length + 4 + maxJsonBytes(value), 2);
        default:
          return Number.POSITIVE_INFINITY;
      }
    }),
  );
}

/** The input schema as JSON schema, as the OpenAPI document shows it. */
export const inputJsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/**
 * The body limit a route needs: what its declared input can take at most, rounded up to a KiB,
 * plus BODY_BASE_BYTES. A route without a body schema needs only the base. Unbounded input gets
 * `fallback` (and fails the route-table test: every field must be bounded).
 */
export function bodyLimitFor(schema: z.ZodType | undefined, fallback: number): number {
  if (!schema) return BODY_BASE_BYTES;
  const bytes = maxJsonBytes(inputJsonSchema(schema));
  if (!Number.isFinite(bytes)) return fallback;
  // The outer braces are part of the base.
  return BODY_BASE_BYTES + Math.ceil(Math.max(0, bytes - 2) / 1024) * 1024;
}
