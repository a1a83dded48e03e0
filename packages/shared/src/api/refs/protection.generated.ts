// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['protection'];

export const protectionInfo: RefOf<Group['protectionInfo']> = {"name":"protection.protectionInfo","method":"POST","path":"/api/user/protectionInfo","kind":"json","access":{"who":"member"},"idempotent":false};
export const setLimit: RefOf<Group['setLimit']> = {"name":"protection.setLimit","method":"POST","path":"/api/user/setLimit","kind":"json","access":{"who":"member"},"idempotent":false};
export const setRealityCheck: RefOf<Group['setRealityCheck']> = {"name":"protection.setRealityCheck","method":"POST","path":"/api/user/setRealityCheck","kind":"json","access":{"who":"member"},"idempotent":false};
export const takeBreak: RefOf<Group['takeBreak']> = {"name":"protection.takeBreak","method":"POST","path":"/api/user/takeBreak","kind":"json","access":{"who":"member"},"idempotent":false};
export const netPosition: RefOf<Group['netPosition']> = {"name":"protection.netPosition","method":"POST","path":"/api/user/netPosition","kind":"json","access":{"who":"member"},"idempotent":false};
export const orderTotals: RefOf<Group['orderTotals']> = {"name":"protection.orderTotals","method":"POST","path":"/api/user/orderTotals","kind":"json","access":{"who":"player"},"idempotent":false};
export const withdrawReverse: RefOf<Group['withdrawReverse']> = {"name":"protection.withdrawReverse","method":"POST","path":"/api/user/withdrawReverse","kind":"json","access":{"who":"member"},"idempotent":false};
