import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import { fakeApi, fail, ok, screenAt } from '../../../test/render';
import { asMemberPickingPictures, pngFile } from '../../../test/files';
import { RealNameAuthScreen } from './RealNameAuthScreen';

const unverified = { shiming: 0, truename: '', idcard: '', reason: '' };
const png = (name: string) => pngFile(name);
const choose = (slot: 'front' | 'back', file: File) => fireEvent.change(screen.getByTestId(`idcard-${slot}-input`), { target: { files: [file] } });

/** The multipart uploads reach the global fetch (see fakeApi); answer them with a fresh address each. */
function fakeUploads(answer: (n: number) => { status?: number; body: unknown } = (n) => ok({ url: `/api/common/file/pic${n}` })) {
  let n = 0;
  const upload = vi.fn(async (_url: string, init: RequestInit) => {
    const form = init.body as FormData;
    expect(form.get('type')).toBe('idcard');
    const a = answer(++n);
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
  });
  vi.stubGlobal('fetch', upload);
  return upload;
}

describe('RealNameAuthScreen', () => {
  asMemberPickingPictures();

  it('checks name, ID number, front and back in that order before sending', async () => {
    const api = fakeApi({ '/api/user/shimingInfo': () => ok(unverified) });
    configureApiClient({ fetch: api.fetch });
    fakeUploads();
    screenAt('/realNameAuth', <RealNameAuthScreen />);
    const submit = await screen.findByTestId('realname-submit');
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter name')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Enter your name as on your ID card'), { target: { value: 'Zhang San' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter ID number')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Enter your ID number'), { target: { value: '110101199003071233' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Please upload front of ID card')).toBeTruthy();
    choose('front', png('front.png'));
    expect(await screen.findByTestId('idcard-front-preview')).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByText('Please upload back of ID card')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/user/shiming')).toBe(false);
  });

  it('uploads each picture when chosen, can remove and re-select, then submits both addresses', async () => {
    const api = fakeApi({
      '/api/user/shimingInfo': () => ok(unverified),
      '/api/user/shiming': () => ok({ shiming: 1 }, 'Verification submitted, please wait for review'),
    });
    configureApiClient({ fetch: api.fetch });
    const upload = fakeUploads();
    screenAt('/realNameAuth', <RealNameAuthScreen />);
    fireEvent.change(await screen.findByPlaceholderText('Enter your name as on your ID card'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByPlaceholderText('Enter your ID number'), { target: { value: '110101199003071233' } });
    choose('front', png('front.png'));
    await screen.findByTestId('idcard-front-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Front of ID card' }));
    expect(screen.queryByTestId('idcard-front-preview')).toBeNull();
    choose('front', png('front2.png'));
    await screen.findByTestId('idcard-front-preview');
    choose('back', png('back.png'));
    await screen.findByTestId('idcard-back-preview');
    expect(upload).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByTestId('realname-submit'));
    await waitFor(() => expect(api.calls.find((c) => c.path === '/api/user/shiming')).toBeDefined());
    expect(api.calls.find((c) => c.path === '/api/user/shiming')!.body).toMatchObject({
      truename: 'Zhang San',
      idcard: '110101199003071233',
      idcard_zheng: '/api/common/file/pic2',
      idcard_fan: '/api/common/file/pic3',
    });
    expect(await screen.findByText('Verification submitted, please wait for review')).toBeTruthy();
  });

  it('a refused upload shows its message and keeps the slot empty; a non-image is refused before sending', async () => {
    const api = fakeApi({ '/api/user/shimingInfo': () => ok(unverified) });
    configureApiClient({ fetch: api.fetch });
    const upload = fakeUploads(() => fail('Please select an image file (PNG, JPEG, WebP or GIF)'));
    screenAt('/realNameAuth', <RealNameAuthScreen />);
    await screen.findByTestId('realname-submit');
    choose('front', new File(['text'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file (PNG, JPEG, WebP or GIF)')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    // A text file named .png is judged by its content, before any preview or upload.
    Toast.clear();
    await waitFor(() => expect(screen.queryByText('Please select an image file (PNG, JPEG, WebP or GIF)')).toBeNull());
    choose('front', new File(['just some text'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Please select an image file (PNG, JPEG, WebP or GIF)')).toBeTruthy();
    expect(screen.queryByTestId('idcard-front-preview')).toBeNull();
    expect(upload).not.toHaveBeenCalled();
    choose('front', png('fake.png'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('idcard-front-preview')).toBeNull();
  });

  it('shows the review state instead of the form while under review, and a refusal reason', async () => {
    const api = fakeApi({ '/api/user/shimingInfo': () => ok({ ...unverified, shiming: 1 }) });
    configureApiClient({ fetch: api.fetch });
    const first = screenAt('/realNameAuth', <RealNameAuthScreen />);
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.queryByTestId('realname-submit')).toBeNull();
    first.unmount();
    configureApiClient({ fetch: fakeApi({ '/api/user/shimingInfo': () => ok({ ...unverified, reason: 'picture is blurred' }) }).fetch });
    screenAt('/realNameAuth', <RealNameAuthScreen />);
    expect(await screen.findByText('Your last submission was not accepted: picture is blurred. Please submit again.')).toBeTruthy();
  });
});
