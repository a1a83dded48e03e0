// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['content']['media']> = {"name":"content.media","method":"GET","path":"/api/index/media/:name","kind":"file","access":{"who":"public"},"idempotent":false};
