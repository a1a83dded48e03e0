// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['docs']['openApi']> = {"name":"docs.openApi","method":"GET","path":"/api/docs","kind":"file","access":{"who":"public"},"idempotent":false};
