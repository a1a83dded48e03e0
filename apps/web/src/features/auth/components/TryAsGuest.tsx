import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { send } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * "Try as a guest" (docs/product.md#what-the-product-does-and-for-whom): a guest account, signed in at once, that watches every room, feed and draw
 * live; betting, deposits and withdrawals ask it to register, which it does in place (docs/design.md#guests).
 */
export function TryAsGuest({ onDone, className }: { onDone: () => void; className?: string }) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await send(api.user.guestLogin);
      signIn(answer.data.userinfo, { remember: false });
      onDone();
    } catch (err) {
      // The toast loads only when needed: home's first screen has none (docs/design.md#performance-budgets).
      void import('../../../lib/feedback').then((m) => m.showError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" shape="rounded" fill="outline" className={className} loading={busy} onClick={() => void start()} data-testid="try-guest">
      {t('auth.tryGuest')}
    </Button>
  );
}
