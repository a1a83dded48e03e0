// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['packets']['packetClaim']> = {"name":"packets.packetClaim","method":"POST","path":"/api/rewards/packetClaim","kind":"json","access":{"who":"member"},"idempotent":false};
