// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['packets']['roomPackets']> = {"name":"packets.roomPackets","method":"POST","path":"/api/rewards/roomPackets","kind":"json","access":{"who":"public"},"idempotent":false};
