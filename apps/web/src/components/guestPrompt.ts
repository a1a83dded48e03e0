import type { NavigateFunction } from 'react-router';
import { i18n } from '../lib/i18n';
import { MEMBER_GROUP } from '../lib/auth';
import { useSession } from '../lib/session';
import { apiMessage } from '../lib/validation';
import { confirmDialog } from './dialogQueue';

/** A signed-in guest: it watches everything live and bets, deposits and withdraws nothing (docs/design.md#guests). */
export const useIsGuestSession = (): boolean => useSession((s) => Boolean(s.token) && s.groupId !== null && s.groupId !== MEMBER_GROUP);

/** The server's refusal of a guest (`err.guest_forbidden`), when the app's own check did not know the group yet. */
export const isGuestRefusal = (err: unknown): boolean => err instanceof Error && err.message === apiMessage('err.guest_forbidden');

/**
 * The spec's message to a guest that tries to bet, deposit or withdraw ("register as a full member"),
 * with a button to /register, which for a guest makes it a member in place and then comes back here.
 */
export async function promptGuestToRegister(navigate: NavigateFunction): Promise<void> {
  const register = await confirmDialog({
    title: i18n.t('wallet.guest.title'),
    content: apiMessage('err.guest_forbidden'),
    confirmText: i18n.t('wallet.guest.register'),
    cancelText: i18n.t('common.cancel'),
  });
  if (register) navigate('/register', { state: { back: true } });
}
