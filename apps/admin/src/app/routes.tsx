import type { RouteObject } from 'react-router';

/** Screens beyond the queues, added as they land. */
export const consoleRoutes: RouteObject[] = [];
