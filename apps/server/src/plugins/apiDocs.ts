import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { noInput } from '@lucky28/shared';
import { APP_VERSION } from '@lucky28/shared/version';

/**
 * The OpenAPI 3 document of every route, generated from the zod schemas the routes declare
 * (@fastify/swagger collects the routes; fastify-type-provider-zod turns their schemas into JSON
 * Schema). Served as JSON at `GET /api/docs` when `config.apiDocs` is on (development).
 * Must be registered before the routes it describes.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lucky28 API',
        version: APP_VERSION,
        description: 'Every answer is the envelope { code, msg, time, data }; see the README for the conventions.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    // A schema that cannot be expressed in JSON Schema (a transform) is described by its input side.
    transform: createJsonSchemaTransform({ skipList: ['/api/docs'], zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  app.get('/api/docs', { schema: { querystring: noInput, hide: true } as object }, async () => app.swagger());
});
