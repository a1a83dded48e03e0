// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['support'];

export const config: RefOf<Group['config']> = {"name":"support.config","method":"POST","path":"/api/support/config","kind":"json","access":{"who":"public"},"idempotent":false};
export const handoff: RefOf<Group['handoff']> = {"name":"support.handoff","method":"POST","path":"/api/support/handoff","kind":"json","access":{"who":"player"},"idempotent":false};
export const redeem: RefOf<Group['redeem']> = {"name":"support.redeem","method":"POST","path":"/api/support/redeem","kind":"json","access":{"who":"service"},"idempotent":false};
