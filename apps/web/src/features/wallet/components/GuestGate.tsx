import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEMBER_GROUP, useUserInfo } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { alertDialog } from '../../../components/dialogQueue';
import { QueryBody } from '../../../components/QueryBody';

/**
 * docs/product.md#validation-rules, #roles-and-permissions: a user whose group is not 1 (a guest) gets an alert on the deposit and withdraw screens.
 * The group known from the session decides at once; the user info confirms it.
 */
export function useIsGuest(): boolean | undefined {
  const info = useUserInfo();
  const sessionGroup = useSession((s) => s.groupId);
  const group = info.data?.group_id ?? sessionGroup ?? undefined;
  return group === undefined || group === null ? undefined : group !== MEMBER_GROUP;
}

/** The guest alert (once per visit) and, in place of the screen, a way to register. */
export function GuestGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    void alertDialog({ title: t('wallet.guest.title'), content: t('wallet.guest.text'), confirmText: t('common.ok') });
  }, [t]);
  return (
    <ErrorBlock
      status="empty"
      image={<UserAddOutline className="wallet-guest-icon" />}
      title={t('wallet.guest.title')}
      description={t('wallet.guest.text')}
      className="wallet-guest"
      data-testid="guest-gate"
    >
      <Button color="primary" shape="rounded" className="btn-primary" onClick={() => navigate('/register', { state: { back: true } })}>
        {t('wallet.guest.register')}
      </Button>
    </ErrorBlock>
  );
}

/**
 * The body of a deposit or withdraw screen: the guest gate for a guest, else `query`'s answer, which is
 * fetched only once the user is known to be a member.
 */
export function MemberBody<T, K extends QueryKey>({ query, children }: { query: UseQueryOptions<T, Error, T, K>; children: (data: T) => ReactNode }) {
  const isGuest = useIsGuest();
  const answer = useQuery({ ...query, enabled: isGuest === false });
  return isGuest ? <GuestGate /> : <QueryBody query={answer}>{children}</QueryBody>;
}
