// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['fair'];

export const round: RefOf<Group['round']> = {"name":"fair.round","method":"GET","path":"/api/fair/round","kind":"json","access":{"who":"public"},"idempotent":false};
export const chain: RefOf<Group['chain']> = {"name":"fair.chain","method":"GET","path":"/api/fair/chain","kind":"json","access":{"who":"public"},"idempotent":false};
