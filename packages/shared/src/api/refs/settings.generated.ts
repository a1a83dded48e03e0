// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['settings'];

export const siteConfig: RefOf<Group['siteConfig']> = {"name":"settings.siteConfig","method":"GET","path":"/api/common/siteConfig","kind":"json","access":{"who":"public"},"idempotent":false};
export const siteConfigPost: RefOf<Group['siteConfigPost']> = {"name":"settings.siteConfigPost","method":"POST","path":"/api/common/siteConfig","kind":"json","access":{"who":"public"},"idempotent":false};
