// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['admin']['userResetPassword']> = {"name":"admin.userResetPassword","method":"POST","path":"/api/admin/userResetPassword","kind":"json","access":{"who":"operator","roles":["support"]},"idempotent":false};
