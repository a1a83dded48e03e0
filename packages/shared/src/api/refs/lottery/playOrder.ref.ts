// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['lottery']['playOrder']> = {"name":"lottery.playOrder","method":"POST","path":"/api/Lottery/playOrder","kind":"json","access":{"who":"member"},"idempotent":true};
