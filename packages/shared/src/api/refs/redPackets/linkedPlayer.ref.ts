// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['redPackets']['linkedPlayer']> = {"name":"redPackets.linkedPlayer","method":"POST","path":"/api/admin/operatorLinkedPlayer","kind":"json","access":{"who":"operator","roles":["admin"]},"idempotent":false};
