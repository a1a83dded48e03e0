import { z } from 'zod';
import { noInput } from '../schemas/fields.js';
import { publicAccess } from '../access.js';
import { defineCall } from './define.js';

/** The OpenAPI document, served as it is (tools read it bare, not in the envelope). */
export const openApiData = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The API reference for tools. Server: apps/server/src/plugins/apiDocs.ts. */
export const docs = {
  openApi: defineCall({
    method: 'GET',
    path: '/api/docs',
    kind: 'file',
    access: publicAccess,
    summary: 'The OpenAPI 3.1 document of every call, generated from this contract; served only where API docs are on (off in production: 404).',
    input: noInput,
    answer: openApiData,
  }),
};
