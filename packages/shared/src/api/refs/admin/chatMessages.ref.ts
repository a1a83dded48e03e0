// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['admin']['chatMessages']> = {"name":"admin.chatMessages","method":"POST","path":"/api/admin/chatMessages","kind":"json","access":{"who":"operator","roles":["moderator","support"]},"idempotent":false};
