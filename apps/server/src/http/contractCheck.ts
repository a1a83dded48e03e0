import type { Access, ApiCall } from '@lucky28/shared';
import type { ApiRoute } from './apiRoute.js';

/** The route table's name for who may call a route (http/guards.ts), per contract access. */
const GUARD_OF: Record<Access['who'], ApiRoute['access']> = { public: 'public', player: 'user', member: 'member', operator: 'operator', service: 'service' };

const rolesText = (roles: readonly string[] | undefined) => (roles ? [...new Set(roles)].sort().join(',') : 'any');

/**
 * Where the registered routes and the API contract disagree: a contract entry without a route, an
 * /api/ route the contract does not declare, or a route guarded otherwise than its declaration says.
 */
export function contractProblems(routes: readonly ApiRoute[], calls: readonly ApiCall[]): string[] {
  const problems: string[] = [];
  const apiRoutes = routes.filter((r) => r.url.startsWith('/api/'));
  const byKey = new Map(apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
  const declared = new Set<string>();
  for (const call of calls) {
    const key = `${call.method} ${call.path}`;
    declared.add(key);
    const route = byKey.get(key);
    if (!route) {
      problems.push(`${call.name} (${key}) is declared in the contract but no route answers it`);
      continue;
    }
    if (route.access !== GUARD_OF[call.access.who]) {
      problems.push(`${key}: the contract lets in '${call.access.who}' but the route's guard is '${route.access}'`);
    }
    if (call.access.who === 'operator') {
      const want = rolesText(call.access.roles && ['admin', ...call.access.roles]);
      if (rolesText(route.roles) !== want) problems.push(`${key}: the contract names roles ${want} but the route's guard accepts ${rolesText(route.roles)}`);
    }
  }
  for (const route of apiRoutes) {
    const key = `${route.method} ${route.url}`;
    if (!declared.has(key)) problems.push(`${key} is a route the API contract does not declare (packages/shared/src/api)`);
  }
  return problems;
}
