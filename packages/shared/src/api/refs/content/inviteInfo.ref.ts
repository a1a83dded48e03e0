// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['content']['inviteInfo']> = {"name":"content.inviteInfo","method":"POST","path":"/api/user/inviteInfo","kind":"json","access":{"who":"member"},"idempotent":false};
