// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['support']['handoff']> = {"name":"support.handoff","method":"POST","path":"/api/support/handoff","kind":"json","access":{"who":"player"},"idempotent":false};
