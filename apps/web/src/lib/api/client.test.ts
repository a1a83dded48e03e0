import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, apiPost, call, configureApiClient, lastFailedRequestId, request, upload } from './client';

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers until aborted (a hung connection). */
const hang = (_url: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('API client', () => {
  let fetch: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    fetch = vi.fn<(...args: FetchArgs) => Promise<Response>>();
    onUnauthorized = vi.fn<() => void>();
    configureApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: () => 'tok123',
      getLang: () => 'en',
      getHost: () => 'lucky28.test',
      onUnauthorized,
      message: (kind) => `local:${kind}`,
      timeoutMs: 7000,
      uploadTimeoutMs: 60_000,
      retries: 6,
      retryDelayMs: 2000,
      unavailableRetries: 3,
      unavailableDelayMs: 1000,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('POSTs JSON with lang, host and the token header, and resolves data on code 1', async () => {
    fetch.mockResolvedValue(json({ code: 1, msg: 'ok', time: 1, data: { isTrue: true } }));
    await expect(apiPost('/api/user/safetyInfo', { a: 1 })).resolves.toEqual({ isTrue: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/user/safetyInfo');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ a: 1, lang: 'en', host: 'lucky28.test' });
    expect((init?.headers as Record<string, string>).token).toBe('tok123');
  });

  it('uses GET with a query string for a call declared GET (content.index)', async () => {
    fetch.mockResolvedValue(json({ code: 1, msg: '', time: 1, data: { banner: [] } }));
    await call(api.content.index);
    const [url, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(String(url)).toBe('/api/index/index?lang=en&host=lucky28.test');
  });

  it('rejects a business error with the server message and field', async () => {
    fetch.mockResolvedValue(json({ code: 0, msg: 'Please enter username', time: 1, data: null, field: 'username' }));
    const error = await request('/api/user/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please enter username', kind: 'business', code: 0, field: 'username' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on HTTP 401 rejects and hands over to the unauthorized handler', async () => {
    fetch.mockResolvedValue(json({ code: 401, msg: 'Please log in first', time: 1, data: null }, 401));
    await expect(apiPost('/api/user/userInfo')).rejects.toMatchObject({ kind: 'unauthorized', message: 'Please log in first' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends an Idempotency-Key header when asked', async () => {
    fetch.mockResolvedValue(json({ code: 1, msg: '', time: 1, data: null }));
    await apiPost('/api/user/withdrawAction', { money: '100' }, { idempotencyKey: 'k-1' });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
  });

  it('retries a timed-out call 2 s later, up to 6 times, then succeeds', async () => {
    vi.useFakeTimers();
    fetch
      .mockImplementationOnce(hang)
      .mockImplementationOnce(hang)
      .mockResolvedValue(json({ code: 1, msg: '', time: 1, data: 'late' }));
    const pending = apiPost('/api/user/userInfo');
    await vi.advanceTimersByTimeAsync(7000); // first attempt times out
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1); // waits the full 2 s
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(9000);
    await expect(pending).resolves.toBe('late');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up after 7 attempts in total with a timeout error', async () => {
    vi.useFakeTimers();
    fetch.mockImplementation(hang);
    const pending = apiPost('/api/user/userInfo').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(7 * 7000 + 6 * 2000 + 10);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', message: 'local:timeout' });
    expect(fetch).toHaveBeenCalledTimes(7);
  });

  it('does not retry other network failures', async () => {
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiPost('/x')).rejects.toMatchObject({ kind: 'network', message: 'local:network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects a non-JSON answer (e.g. a proxy error page) with a local message', async () => {
    fetch.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiPost('/x')).rejects.toMatchObject({ kind: 'http', status: 502, message: 'local:http' });
  });

  it('uploads multipart with lang and host in the form, lang in the query and the token header', async () => {
    fetch.mockResolvedValue(json({ code: 1, msg: 'Upload successful', time: 1, data: { url: '/api/common/file/abc' } }));
    const file = new File([new Uint8Array(3)], 'a.png', { type: 'image/png' });
    await expect(upload(api.common.upload, file, { type: 'idcard' })).resolves.toMatchObject({ url: '/api/common/file/abc' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/common/upload?lang=en');
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form.get('type')).toBe('idcard');
    expect(form.get('lang')).toBe('en');
    expect(form.get('host')).toBe('lucky28.test');
    expect((form.get('file') as File).name).toBe('a.png');
    const headers = init?.headers as Record<string, string>;
    expect(headers.token).toBe('tok123');
    expect(headers['content-type']).toBeUndefined();
  });

  it('an upload refused with HTTP 401 hands over to the unauthorized handler like any call', async () => {
    fetch.mockResolvedValue(json({ code: 401, msg: 'Please log in first', time: 1, data: null }, 401));
    await expect(upload(api.common.upload, new File(['x'], 'a.png'))).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('an upload times out after its own longer limit and is never retried', async () => {
    vi.useFakeTimers();
    fetch.mockImplementation(hang);
    const pending = upload(api.common.upload, new File(['x'], 'a.png')).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends every call to the chosen line, except those asked of this page’s own origin', async () => {
    fetch.mockImplementation(async () => json({ code: 1, msg: '', time: 1, data: null }));
    configureApiClient({ getBase: () => 'https://line2.example' });
    try {
      await call(api.user.safetyInfo);
      await call(api.settings.siteConfigPost, undefined, { ownOrigin: true });
    } finally {
      configureApiClient({ getBase: () => '' });
    }
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['https://line2.example/api/user/safetyInfo', '/api/common/siteConfig']);
  });

  it('takes only code 1 as success', async () => {
    fetch.mockResolvedValue(json({ code: 200, msg: 'ok', time: 1, data: 5 }));
    await expect(apiPost('/x')).rejects.toMatchObject({ kind: 'business', code: 200 });
  });

  it('keeps the x-request-id of the last failed call for the error page, not of a call that succeeded', async () => {
    const withId = (body: unknown, id: string, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': id } });
    fetch.mockResolvedValueOnce(withId({ code: 0, msg: 'Insufficient balance', time: 1, data: null }, 'req-refused'));
    await expect(apiPost('/x')).rejects.toMatchObject({ kind: 'business', requestId: 'req-refused' });
    expect(lastFailedRequestId()).toBe('req-refused');
    fetch.mockResolvedValueOnce(withId({ code: 1, msg: 'ok', time: 1, data: null }, 'req-fine'));
    await apiPost('/x');
    expect(lastFailedRequestId()).toBe('req-refused');
    fetch.mockResolvedValueOnce(withId({ code: 0, msg: 'Server error', time: 1, data: null }, 'req-500', 500));
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 500 });
    expect(lastFailedRequestId()).toBe('req-500');
    // An answer without the header (a proxy's page) leaves the last id there was.
    fetch.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiPost('/x')).rejects.toMatchObject({ kind: 'http' });
    expect(lastFailedRequestId()).toBe('req-500');
  });

  describe('HTTP 503 (the database briefly away)', () => {
    const unavailable = () =>
      new Response(JSON.stringify({ code: 0, msg: 'The service is briefly unavailable', time: 1, data: null }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
      });

    it('sends a call with an Idempotency-Key again after 1 s, then 2 s, and resolves once it is served', async () => {
      vi.useFakeTimers();
      fetch
        .mockResolvedValueOnce(unavailable())
        .mockResolvedValueOnce(unavailable())
        .mockResolvedValue(json({ code: 1, msg: '', time: 1, data: 'placed' }));
      const pending = apiPost('/api/Lottery/playOrder', { money: '10' }, { idempotencyKey: 'bet-1' });
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBe('placed');
      expect(fetch).toHaveBeenCalledTimes(3);
      // The same key each time: the server applies the bet once.
      expect(fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key'])).toEqual(['bet-1', 'bet-1', 'bet-1']);
    });

    it('retries a GET too, 3 times at most (waits 1 + 2 + 4 s), then rejects with the server’s message', async () => {
      vi.useFakeTimers();
      fetch.mockImplementation(async () => unavailable());
      const pending = call(api.content.index).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(7000);
      expect(await pending).toMatchObject({ kind: 'business', status: 503, message: 'The service is briefly unavailable' });
      expect(fetch).toHaveBeenCalledTimes(4);
    });

    it('never waits longer than the Retry-After', async () => {
      vi.useFakeTimers();
      configureApiClient({ unavailableDelayMs: 4000 });
      const short = () => new Response('{"code":0,"msg":"away","time":1,"data":null}', { status: 503, headers: { 'retry-after': '1' } });
      fetch.mockResolvedValueOnce(short()).mockResolvedValue(json({ code: 1, msg: '', time: 1, data: 'ok' }));
      const pending = call(api.content.index);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(pending).resolves.toBe('ok');
      expect(fetch).toHaveBeenCalledTimes(2);
    });

    it('does not send again a call that is not safe to repeat (a POST without a key)', async () => {
      fetch.mockResolvedValue(unavailable());
      await expect(apiPost('/api/user/login', { account: 'a' })).rejects.toMatchObject({ status: 503, kind: 'business' });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });
});
