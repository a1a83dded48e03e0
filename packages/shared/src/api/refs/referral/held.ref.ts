// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['referral']['held']> = {"name":"referral.held","method":"POST","path":"/api/admin/referralHeld","kind":"json","access":{"who":"operator","roles":["finance"]},"idempotent":false};
