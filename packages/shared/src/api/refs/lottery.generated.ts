// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['lottery'];

export const index: RefOf<Group['index']> = {"name":"lottery.index","method":"POST","path":"/api/Lottery/index","kind":"json","access":{"who":"public"},"idempotent":false};
export const heart: RefOf<Group['heart']> = {"name":"lottery.heart","method":"POST","path":"/api/Lottery/heart","kind":"json","access":{"who":"public"},"idempotent":false};
export const stream: RefOf<Group['stream']> = {"name":"lottery.stream","method":"GET","path":"/api/Lottery/stream","kind":"stream","access":{"who":"public"},"idempotent":false};
export const oddsList: RefOf<Group['oddsList']> = {"name":"lottery.oddsList","method":"POST","path":"/api/Lottery/oddsList","kind":"json","access":{"who":"public"},"idempotent":false};
export const playOrder: RefOf<Group['playOrder']> = {"name":"lottery.playOrder","method":"POST","path":"/api/Lottery/playOrder","kind":"json","access":{"who":"player"},"idempotent":true};
export const issueList: RefOf<Group['issueList']> = {"name":"lottery.issueList","method":"POST","path":"/api/Lottery/issueList","kind":"json","access":{"who":"public"},"idempotent":false};
export const cand: RefOf<Group['cand']> = {"name":"lottery.cand","method":"POST","path":"/api/Lottery/cand","kind":"json","access":{"who":"public"},"idempotent":false};
