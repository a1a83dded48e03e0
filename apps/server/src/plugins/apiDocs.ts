import type { FastifyInstance } from 'fastify';
import { api, openApiDocument, type OpenApiDocument } from '@lucky28/shared';
import { APP_VERSION } from '@lucky28/shared/version';
import { AppError } from '../errors.js';
import { serve } from '../http/serve.js';

/**
 * `GET /api/docs`: the OpenAPI 3.1 document of every call, generated from the API contract
 * (packages/shared/src/api), the declarations the routes themselves are registered from. Served as
 * it is (tools read it bare) when `config.apiDocs` is on (development). Off (production), the route
 * still exists, so the route table matches the contract, and answers the 404 of an unknown path
 * before anything else runs.
 */
export async function apiDocsPlugin(app: FastifyInstance) {
  const notServed = async () => {
    throw new AppError('err.not_found', { httpStatus: 404 });
  };
  let document: OpenApiDocument | undefined;
  serve(app, api.docs.openApi, app.config.apiDocs ? {} : { onRequest: notServed }, async () => (document ??= openApiDocument(api, APP_VERSION)));
}
