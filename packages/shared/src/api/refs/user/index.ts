// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as register } from './register.ref.js';
export { ref as login } from './login.ref.js';
export { ref as guestLogin } from './guestLogin.ref.js';
export { ref as guestUpgrade } from './guestUpgrade.ref.js';
export { ref as logout } from './logout.ref.js';
export { ref as userInfo } from './userInfo.ref.js';
export { ref as profile } from './profile.ref.js';
export { ref as newPass } from './newPass.ref.js';
export { ref as safetyInfo } from './safetyInfo.ref.js';
export { ref as setSafety } from './setSafety.ref.js';
export { ref as payInfo } from './payInfo.ref.js';
export { ref as setPayInfo } from './setPayInfo.ref.js';
export { ref as orderList } from './orderList.ref.js';
export { ref as orderDetail } from './orderDetail.ref.js';
