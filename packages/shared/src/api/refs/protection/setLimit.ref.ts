// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['protection']['setLimit']> = {"name":"protection.setLimit","method":"POST","path":"/api/user/setLimit","kind":"json","access":{"who":"member"},"idempotent":false};
