// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['support']['config']> = {"name":"support.config","method":"POST","path":"/api/support/config","kind":"json","access":{"who":"public"},"idempotent":false};
