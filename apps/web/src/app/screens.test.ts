import { describe, expect, it } from 'vitest';
import { APP_VERSION as SHARED_VERSION } from '@lucky28/shared';
import { APP_VERSION } from '@lucky28/shared/version';
import { appRoutes, loadRouteComponent } from './routes';

describe('route screens', () => {
  it('every route loads a component (no broken lazy import)', async () => {
    for (const route of appRoutes) {
      const component = await loadRouteComponent(route);
      expect(typeof component, route.path).toBe('function');
    }
  });

  it('the app shows the shared version label', () => {
    expect(APP_VERSION).toBe(SHARED_VERSION);
    expect(APP_VERSION).toBe('21.04.02');
  });
});
