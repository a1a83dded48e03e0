// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['lottery']['stream']> = {"name":"lottery.stream","method":"GET","path":"/api/Lottery/stream","kind":"stream","access":{"who":"public"},"idempotent":false};
