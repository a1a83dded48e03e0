/** The error page's chunk with its texts (RouteError.tsx); fetched early by trouble.tsx, shown by troubleEntry.tsx. */
export const loadRouteError = () => import('./RouteError').then((m) => m.withTexts());
