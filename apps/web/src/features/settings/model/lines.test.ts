import { describe, expect, it } from 'vitest';
import { fastestLine, lineInUse, linesToShow, measureLine, type Measure } from './lines';

const OWN = 'https://play.example';

describe('lines', () => {
  it('offers the configured lines, or only this page’s own address', () => {
    expect(linesToShow([], OWN)).toEqual([OWN]);
    expect(linesToShow(['https://a.example', 'https://b.example'], OWN)).toEqual(['https://a.example', 'https://b.example']);
    expect(lineInUse('', [OWN], OWN)).toBe(OWN);
    expect(lineInUse('https://b.example', ['https://a.example', 'https://b.example'], OWN)).toBe('https://b.example');
    // A line the operator no longer lists is not in use any more.
    expect(lineInUse('https://gone.example', ['https://a.example'], OWN)).toBe(OWN);
  });

  it('marks the fastest only among two or more measured lines', () => {
    expect(fastestLine([40])).toBeNull();
    expect(fastestLine([40, null])).toBeNull();
    expect(fastestLine([undefined, 40])).toBeNull();
    expect(fastestLine([80, 35, null])).toBe(1);
    expect(fastestLine([null, 90, 20])).toBe(2);
  });

  it('measures a line by its health check, the better of two round trips; no answer is null', async () => {
    const times = [0, 120, 200, 250];
    const urls: string[] = [];
    const measure: Measure = {
      fetch: (async (url: string) => {
        urls.push(url);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
      now: () => times.shift()!,
      timeoutMs: 1000,
    };
    expect(await measureLine('https://a.example', measure)).toBe(50);
    expect(urls).toEqual(['https://a.example/healthz', 'https://a.example/healthz']);
    const down: Measure = { ...measure, fetch: (async () => Promise.reject(new TypeError('offline'))) as typeof fetch, now: () => 0 };
    expect(await measureLine('https://b.example', down)).toBeNull();
    const failing: Measure = { ...measure, fetch: (async () => new Response('', { status: 503 })) as typeof fetch, now: () => 0 };
    expect(await measureLine('https://c.example', failing)).toBeNull();
  });
});

describe('a line the operator no longer lists', () => {
  it('is left for this page’s own address as soon as siteConfig (asked of this page’s own origin) answers without it', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { configureApiClient } = await import('../../../lib/api');
    const { siteConfigQuery } = await import('../../../lib/api/siteConfig');
    const { usePreferences } = await import('../../../lib/preferences');
    const { fakeApi, ok } = await import('../../../test/render');
    let lines = ['https://old.example', 'https://b.example'];
    const api = fakeApi({ '/api/common/siteConfig': () => ok({ version_label: '', min_withdraw: '100.00', support_enabled: false, lines }) });
    configureApiClient({ fetch: api.fetch, getBase: () => usePreferences.getState().lineBase });
    try {
      usePreferences.getState().setLineBase('https://old.example');
      await new QueryClient().fetchQuery(siteConfigQuery());
      expect(usePreferences.getState().lineBase).toBe('https://old.example');
      lines = ['https://b.example'];
      await new QueryClient().fetchQuery(siteConfigQuery());
      expect(usePreferences.getState().lineBase).toBe('');
      expect(api.calls.map((c) => c.path)).toEqual(['/api/common/siteConfig', '/api/common/siteConfig']);
    } finally {
      configureApiClient({ getBase: () => '' });
      usePreferences.getState().setLineBase('');
    }
  });
});
