// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['user'];

export const register: RefOf<Group['register']> = {"name":"user.register","method":"POST","path":"/api/user/register","kind":"json","access":{"who":"public"},"idempotent":false};
export const login: RefOf<Group['login']> = {"name":"user.login","method":"POST","path":"/api/user/login","kind":"json","access":{"who":"public"},"idempotent":false};
export const guestLogin: RefOf<Group['guestLogin']> = {"name":"user.guestLogin","method":"POST","path":"/api/user/guestLogin","kind":"json","access":{"who":"public"},"idempotent":false};
export const logout: RefOf<Group['logout']> = {"name":"user.logout","method":"POST","path":"/api/user/logout","kind":"json","access":{"who":"player"},"idempotent":false};
export const userInfo: RefOf<Group['userInfo']> = {"name":"user.userInfo","method":"POST","path":"/api/user/userInfo","kind":"json","access":{"who":"player"},"idempotent":false};
export const profile: RefOf<Group['profile']> = {"name":"user.profile","method":"POST","path":"/api/user/profile","kind":"json","access":{"who":"player"},"idempotent":false};
export const newPass: RefOf<Group['newPass']> = {"name":"user.newPass","method":"POST","path":"/api/user/newPass","kind":"json","access":{"who":"player"},"idempotent":false};
export const safetyInfo: RefOf<Group['safetyInfo']> = {"name":"user.safetyInfo","method":"POST","path":"/api/user/safetyInfo","kind":"json","access":{"who":"player"},"idempotent":false};
export const setSafety: RefOf<Group['setSafety']> = {"name":"user.setSafety","method":"POST","path":"/api/user/setSafety","kind":"json","access":{"who":"player"},"idempotent":false};
export const payInfo: RefOf<Group['payInfo']> = {"name":"user.payInfo","method":"POST","path":"/api/user/payInfo","kind":"json","access":{"who":"player"},"idempotent":false};
export const setPayInfo: RefOf<Group['setPayInfo']> = {"name":"user.setPayInfo","method":"POST","path":"/api/user/setPayInfo","kind":"json","access":{"who":"player"},"idempotent":false};
export const orderList: RefOf<Group['orderList']> = {"name":"user.orderList","method":"POST","path":"/api/user/orderList","kind":"json","access":{"who":"player"},"idempotent":false};
