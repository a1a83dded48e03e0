// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['lottery']['setStreakAlert']> = {"name":"lottery.setStreakAlert","method":"POST","path":"/api/Lottery/setStreakAlert","kind":"json","access":{"who":"player"},"idempotent":false};
