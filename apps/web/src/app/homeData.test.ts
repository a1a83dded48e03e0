import { describe, expect, it, vi } from 'vitest';
import * as api from '@lucky28/shared/api/refs';
import { configureApiClient } from '../lib/api';
import { currentApiLang } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { fakeApi, ok } from '../test/render';
import { routeObjects } from './router';

const homeRoute = routeObjects[0]!.children!.find((r) => r.path === '/')!;
const HOME_CALLS = [api.content.index, api.lottery.heart, api.settings.siteConfigPost, api.support.config].map((ref) => ref.path);

describe('the home route', () => {
  it('starts the home calls as it is entered, before its screen renders, in the language in use', async () => {
    const fake = fakeApi(Object.fromEntries(HOME_CALLS.map((path) => [path, () => ok({})])));
    configureApiClient({ fetch: fake.fetch });
    expect(typeof homeRoute.loader).toBe('function');
    await (homeRoute.loader as () => unknown)();
    await vi.waitFor(() => expect(fake.calls.map((c) => c.path).sort()).toEqual([...HOME_CALLS].sort()));
    for (const c of fake.calls) expect(c.body.lang, c.path).toBe(currentApiLang());
    await vi.waitFor(() => expect(queryClient.getQueryData(['home'])).toEqual({}));
  });

  it('is the only route that prefetches (other screens start their calls as they render)', () => {
    const withLoader = routeObjects[0]!.children!.filter((r) => r.loader).map((r) => r.path);
    expect(withLoader).toEqual(['/']);
  });
});
