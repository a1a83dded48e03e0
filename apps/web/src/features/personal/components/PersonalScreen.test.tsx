import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api';
import type { UserInfo } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { fakeApi, screenAt } from '../../../test/render';
import { PersonalScreen } from './PersonalScreen';

const user: UserInfo = {
  id: 12,
  user_id: 12,
  username: 'alice',
  nickname: 'Alice',
  avatar: 3,
  idcard: '',
  shiming: 0,
  group_id: 1,
  today_profit: '-5.00',
  profit: '12.50',
  money: '90.00',
  score: '10.00',
  balance: '100.00',
  has_security_code: false,
};

function show(info: Partial<UserInfo>) {
  const api = fakeApi({ '/api/user/userInfo': () => ({ body: { code: 1, msg: { ...user, ...info }, time: 0, data: { ...user, ...info } } }) });
  configureApiClient({ fetch: api.fetch });
  return screenAt('/personal', <PersonalScreen />);
}

const amountOf = (label: string) => within(screen.getByText(label).parentElement!).getByText(/\d/).textContent;

describe('PersonalScreen', () => {
  beforeEach(() => useSession.getState().signIn({ token: 't', user_id: 12 }, { remember: false }));

  it('shows the four amounts in u from the right fields', async () => {
    show({});
    await waitFor(() => expect(screen.getByTestId('personal-username').textContent).toBe('alice'));
    expect(amountOf("Yesterday's profit")).toBe('+12.50 u');
    expect(amountOf('Total assets')).toBe('100.00 u');
    expect(amountOf('Stored funds')).toBe('10.00 u');
    expect(amountOf("Today's profit")).toBe('-5.00 u');
    expect(screen.getByText('ID: 12')).toBeTruthy();
    expect(screen.getByText('ID card: --')).toBeTruthy();
    expect(screen.getByTestId('verify-badge').textContent).toBe('Unverified');
    // The session keeps the latest balance for the home header.
    expect(useSession.getState().balance).toBe('100.00');
  });

  it('masks a stored ID number and shows the verified badge', async () => {
    show({ idcard: '110101199003071233', shiming: 2 });
    expect(await screen.findByText('ID card: 1101**********1233')).toBeTruthy();
    expect(screen.getByTestId('verify-badge').textContent).toBe('Verified');
  });

  it('tells a guest to register', async () => {
    show({ group_id: 2, username: 'guest_ab12' });
    expect(await screen.findByText(/browsing as a guest/)).toBeTruthy();
  });
});
