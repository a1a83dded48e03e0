// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['chat']['report']> = {"name":"chat.report","method":"POST","path":"/api/chat/report","kind":"json","access":{"who":"member"},"idempotent":false};
