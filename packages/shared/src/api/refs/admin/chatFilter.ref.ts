// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['admin']['chatFilter']> = {"name":"admin.chatFilter","method":"POST","path":"/api/admin/chatFilter","kind":"json","access":{"who":"operator","roles":["moderator","support"]},"idempotent":false};
