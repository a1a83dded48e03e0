import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { asMemberPickingPictures, pngFile } from '../../../test/files';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { fakeApi, ok, screenAt } from '../../../test/render';
import { RechargeScreen } from './RechargeScreen';

const details = {
  money: '12.00',
  score: '3.00',
  balance: '15.00',
  usdt: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  bankname: 'Lucky28 Demo Bank',
  banknum: '6222 0000 1234 5678',
  bankxm: 'Lucky28 Ltd',
  usdt_rate: null as string | null,
  bank_currency: null as string | null,
  bank_rate: null as string | null,
  min_deposit: '0.01',
  max_deposit: '1000000.00',
  pending: [] as { id: number; money: string; channel: 'usdt' | 'bank'; createtime: number }[],
};

const choose = (file: File) => fireEvent.change(screen.getByTestId('deposit-screenshot-input'), { target: { files: [file] } });

describe('RechargeScreen', () => {
  asMemberPickingPictures();

  it('shows the balance, the USDT address and the bank details, each with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = fakeApi({ '/api/user/userInfo': () => ok({ group_id: 1 }), '/api/user/recharge': () => ok(details) });
    configureApiClient({ fetch: api.fetch });
    screenAt('/recharge', <RechargeScreen />);
    expect((await screen.findByTestId('usdt-address')).textContent).toBe(details.usdt);
    // The address as a QR code too (drawn locally: modules as one SVG path).
    const qr = screen.getByTestId('usdt-qr').querySelector('svg')!;
    expect(qr.querySelectorAll('path')[1]!.getAttribute('d')!.length).toBeGreaterThan(500);
    expect(screen.getByTestId('bank-number').textContent).toBe('6222 0000 1234 5678');
    expect(screen.getByTestId('bank-holder').textContent).toBe('Lucky28 Ltd');
    fireEvent.click(screen.getByTestId('usdt-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(details.usdt));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('the screenshot popup checks the amount, then the picture type and size, before sending anything', async () => {
    const api = fakeApi({ '/api/user/userInfo': () => ok({ group_id: 1 }), '/api/user/recharge': () => ok(details) });
    configureApiClient({ fetch: api.fetch });
    const upload = vi.fn();
    vi.stubGlobal('fetch', upload);
    screenAt('/recharge', <RechargeScreen />);
    fireEvent.click(await screen.findByTestId('open-deposit'));
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Please enter the amount')).toBeTruthy();
    fireEvent.change(screen.getByTestId('deposit-amount').querySelector('input')!, { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Please select an image')).toBeTruthy();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file (PNG, JPEG, WebP or GIF)')).toBeTruthy();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Image size cannot exceed 5MB')).toBeTruthy();
    expect(screen.queryByTestId('deposit-screenshot-preview')).toBeNull();
    // A text file named .png is judged by its content, before any preview.
    Toast.clear();
    await waitFor(() => expect(screen.queryByText('Image size cannot exceed 5MB')).toBeNull());
    choose(new File(['not a picture'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Please select an image file (PNG, JPEG, WebP or GIF)')).toBeTruthy();
    expect(screen.queryByTestId('deposit-screenshot-preview')).toBeNull();
    choose(pngFile('ok.png'));
    expect(await screen.findByTestId('deposit-screenshot-preview')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path === '/api/user/depositRequest')).toBe(false);
  });

  it('uploads the screenshot, then asks for the deposit with its address', async () => {
    const api = fakeApi({
      '/api/user/userInfo': () => ok({ group_id: 1 }),
      '/api/user/recharge': () => ok(details),
      '/api/user/depositRequest': () => ok({ id: 9, money: '200.00', channel: 'bank', status: 0 }, 'Deposit request submitted, awaiting review'),
    });
    configureApiClient({ fetch: api.fetch });
    const upload = vi.fn(async (_url: string, init: RequestInit) => {
      expect(init.body).toBeInstanceOf(FormData);
      expect((init.body as FormData).get('file')).toBeInstanceOf(File);
      return new Response(JSON.stringify({ code: 1, msg: 'Upload successful', time: 0, data: { url: '/api/common/file/abc' } }));
    });
    vi.stubGlobal('fetch', upload);
    screenAt('/recharge', <RechargeScreen />);
    fireEvent.click(await screen.findByTestId('open-deposit'));
    fireEvent.change(screen.getByTestId('deposit-amount').querySelector('input')!, { target: { value: '200' } });
    fireEvent.click(screen.getByText('Bank transfer', { selector: '.adm-selector-item, .adm-selector-item *' }));
    choose(pngFile('ok.png'));
    await screen.findByTestId('deposit-screenshot-preview');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    // The upload and the request in turn: on a busy host more than findBy's default second.
    expect(await screen.findByText('Deposit request submitted, awaiting review', {}, { timeout: 5000 })).toBeTruthy();
    expect(upload.mock.calls[0]![0]).toMatch(/^\/api\/user\/uploadRechargeScreenshot\?lang=en$/);
    const request = api.calls.find((c) => c.path === '/api/user/depositRequest')!;
    expect(request.body).toMatchObject({ money: '200', channel: 'bank', screenshot: '/api/common/file/abc' });
    expect(request.headers['idempotency-key']).toBeTruthy();
  });
  it.each([
    ['no network', () => Promise.reject(new TypeError('Failed to fetch')), 'Upload failed'],
    ['an answer that is not ours (a proxy page)', async () => new Response('<html>Bad gateway</html>', { status: 502 }), 'Upload failed'],
    [
      'a time-out',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      'Upload failed',
    ],
    [
      "the server's reason",
      async () => new Response(JSON.stringify({ code: 0, msg: 'Image size cannot exceed 5MB', time: 0, data: null, field: 'file' })),
      'Image size cannot exceed 5MB',
    ],
  ])('a screenshot upload that fails with %s says so on the screenshot, and asks for no deposit', async (_, answer, text) => {
    const api = fakeApi({ '/api/user/userInfo': () => ok({ group_id: 1 }), '/api/user/recharge': () => ok(details) });
    configureApiClient({ fetch: api.fetch, uploadTimeoutMs: 300 });
    onTestFinished(() => configureApiClient({ uploadTimeoutMs: 60_000 }));
    vi.stubGlobal('fetch', vi.fn(answer));
    screenAt('/recharge', <RechargeScreen />);
    fireEvent.click(await screen.findByTestId('open-deposit'));
    fireEvent.change(screen.getByTestId('deposit-amount').querySelector('input')!, { target: { value: '200' } });
    choose(pngFile('ok.png'));
    await screen.findByTestId('deposit-screenshot-preview');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText(text)).toBeTruthy();
    if (text === 'Upload failed') expect(screen.getByTestId('deposit-screenshot').closest('.wallet-field')!.className).toContain('field-invalid');
    expect(screen.queryByText('Network error')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/user/depositRequest')).toBe(false);
  });

  it("says what 1 u is worth in USDT and in the bank's currency, the range of one deposit, and what to transfer", async () => {
    const api = fakeApi({
      '/api/user/userInfo': () => ok({ group_id: 1 }),
      '/api/user/recharge': () => ok({ ...details, usdt_rate: '0.14', bank_currency: 'CNY', bank_rate: '1.00', min_deposit: '20.00', max_deposit: '5000.00' }),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/recharge', <RechargeScreen />);
    expect((await screen.findByTestId('usdt-rate')).textContent).toBe('1 u = 0.14 USDT');
    expect(screen.getByTestId('bank-rate').textContent).toBe('1 u = 1.00 CNY');
    expect(screen.getByTestId('deposit-range').textContent).toBe('One deposit: 20.00 u to 5000.00 u');

    fireEvent.click(screen.getByTestId('open-deposit'));
    const amount = screen.getByTestId('deposit-amount').querySelector('input')!;
    fireEvent.change(amount, { target: { value: '100' } });
    expect(screen.getByTestId('deposit-transfer').textContent).toBe('To transfer: 14.00 USDT');
    fireEvent.click(screen.getByText('Bank transfer', { selector: '.adm-selector-item, .adm-selector-item *' }));
    expect(screen.getByTestId('deposit-transfer').textContent).toBe('To transfer: 100.00 CNY');
    // Outside the range: said on the amount before anything is sent.
    fireEvent.change(amount, { target: { value: '19.99' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('The smallest deposit is 20.00 u')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '5000.01' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('The largest deposit is 5000.00 u')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/user/depositRequest')).toBe(false);
  });

  it('states no rate the operator did not set, and shows each request awaiting review as a card', async () => {
    const api = fakeApi({
      '/api/user/userInfo': () => ok({ group_id: 1 }),
      '/api/user/recharge': () =>
        ok({
          ...details,
          pending: [
            { id: 8, money: '300.00', channel: 'bank', createtime: 1_767_232_800 },
            { id: 7, money: '50.00', channel: 'usdt', createtime: 1_767_229_200 },
          ],
        }),
    });
    configureApiClient({ fetch: api.fetch });
    screenAt('/recharge', <RechargeScreen />);
    const cards = await screen.findAllByTestId('deposit-pending');
    expect(cards.map((c) => c.dataset.id)).toEqual(['8', '7']);
    expect(cards[0]!.textContent).toContain('Deposit request');
    expect(cards[0]!.textContent).toContain('300.00 u');
    expect(cards[0]!.textContent).toContain('Awaiting review');
    expect(cards[0]!.textContent).toContain('Bank transfer');
    expect(cards[1]!.textContent).toContain('USDT (TRC20)');
    expect(screen.queryByTestId('usdt-rate')).toBeNull();
    expect(screen.queryByTestId('bank-rate')).toBeNull();
    fireEvent.click(screen.getByTestId('open-deposit'));
    fireEvent.change(screen.getByTestId('deposit-amount').querySelector('input')!, { target: { value: '100' } });
    expect(screen.queryByTestId('deposit-transfer')).toBeNull();
  });
});
