// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as index } from './index.ref.js';
export { ref as articleList } from './articleList.ref.js';
export { ref as articlePage } from './articlePage.ref.js';
export { ref as articleDetail } from './articleDetail.ref.js';
export { ref as articleView } from './articleView.ref.js';
export { ref as media } from './media.ref.js';
export { ref as art } from './art.ref.js';
export { ref as noticeList } from './noticeList.ref.js';
export { ref as noticeUnread } from './noticeUnread.ref.js';
export { ref as inviteInfo } from './inviteInfo.ref.js';
