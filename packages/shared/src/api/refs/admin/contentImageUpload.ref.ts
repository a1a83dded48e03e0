// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['admin']['contentImageUpload']> = {"name":"admin.contentImageUpload","method":"POST","path":"/api/admin/contentImageUpload","kind":"upload","access":{"who":"operator","roles":["admin"]},"idempotent":false};
