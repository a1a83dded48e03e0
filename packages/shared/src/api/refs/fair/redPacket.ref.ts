// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['fair']['redPacket']> = {"name":"fair.redPacket","method":"GET","path":"/api/fair/redPacket","kind":"json","access":{"who":"public"},"idempotent":false};
