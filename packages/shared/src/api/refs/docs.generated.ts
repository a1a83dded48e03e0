// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['docs'];

export const openApi: RefOf<Group['openApi']> = {"name":"docs.openApi","method":"GET","path":"/api/docs","kind":"file","access":{"who":"public"},"idempotent":false};
