// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['wallet'];

export const quantityLogList: RefOf<Group['quantityLogList']> = {"name":"wallet.quantityLogList","method":"POST","path":"/api/user/quantityLogList","kind":"json","access":{"who":"player"},"idempotent":false};
export const recharge: RefOf<Group['recharge']> = {"name":"wallet.recharge","method":"POST","path":"/api/user/recharge","kind":"json","access":{"who":"member"},"idempotent":false};
export const depositRequest: RefOf<Group['depositRequest']> = {"name":"wallet.depositRequest","method":"POST","path":"/api/user/depositRequest","kind":"json","access":{"who":"member"},"idempotent":true};
export const withdrawInfo: RefOf<Group['withdrawInfo']> = {"name":"wallet.withdrawInfo","method":"POST","path":"/api/user/withdrawInfo","kind":"json","access":{"who":"member"},"idempotent":false};
export const withdrawAction: RefOf<Group['withdrawAction']> = {"name":"wallet.withdrawAction","method":"POST","path":"/api/user/withdrawAction","kind":"json","access":{"who":"member"},"idempotent":true};
export const shiming: RefOf<Group['shiming']> = {"name":"wallet.shiming","method":"POST","path":"/api/user/shiming","kind":"json","access":{"who":"member"},"idempotent":false};
export const shimingInfo: RefOf<Group['shimingInfo']> = {"name":"wallet.shimingInfo","method":"POST","path":"/api/user/shimingInfo","kind":"json","access":{"who":"player"},"idempotent":false};
