// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['fair']['chain']> = {"name":"fair.chain","method":"GET","path":"/api/fair/chain","kind":"json","access":{"who":"public"},"idempotent":false};
