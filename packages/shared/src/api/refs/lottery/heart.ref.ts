// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['lottery']['heart']> = {"name":"lottery.heart","method":"POST","path":"/api/Lottery/heart","kind":"json","access":{"who":"public"},"idempotent":false};
