// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['support']['redeem']> = {"name":"support.redeem","method":"POST","path":"/api/support/redeem","kind":"json","access":{"who":"service"},"idempotent":false};
