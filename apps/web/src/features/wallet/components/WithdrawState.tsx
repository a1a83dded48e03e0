import { Button, Toast } from 'antd-mobile';
import { CheckCircleFill, ClockCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDialog } from '../../../components/dialogQueue';
import { showError } from '../../../lib/feedback';
import { formatInZone } from '../../../lib/operatorTime';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { useCancelWithdrawal, type WithdrawInfo } from '../api/wallet';

/** What a withdrawal needs first (docs/product.md#validation-rules, in that order), each with the screen that sets it. */
const prerequisites = (info: WithdrawInfo) =>
  [
    { key: 'idcard', done: info.has_idcard, to: '/baseinfo' },
    { key: 'account', done: info.pay_list.some(Boolean), to: '/bankCardManage?type=0' },
    { key: 'code', done: info.isTrue, to: '/setSecurityCode?isTrue' },
  ] as const;

/** The prerequisites as a checklist: done ones ticked, missing ones linking to where they are set. */
export function WithdrawChecklist({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const items = prerequisites(info);
  const ready = items.every((i) => i.done);
  return (
    <section className="l28-card wallet-card wallet-checklist" data-testid="withdraw-checklist" data-ready={ready}>
      <h3>{t(ready ? 'protection.withdrawState.ready' : 'protection.withdrawState.needs')}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.key} data-testid={`withdraw-check-${item.key}`} data-done={item.done}>
            {item.done ? <CheckCircleFill className="wallet-check-done" /> : <span className="wallet-check-todo" aria-hidden />}
            <span className="wallet-check-label">{t(`protection.withdrawState.${item.key}`)}</span>
            {item.done ? (
              <small>{t('protection.withdrawState.done')}</small>
            ) : (
              <Link to={item.to} className="wallet-link" data-testid={`withdraw-fix-${item.key}`}>
                {t('protection.withdrawState.setUp')} <RightOutline />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The withdrawal awaiting review, with its status and a way to take it back (user/withdrawReverse). */
export function PendingWithdrawal({ pending }: { pending: NonNullable<WithdrawInfo['pending']> }) {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  const cancel = useCancelWithdrawal();
  const ask = async () => {
    const confirmed = await confirmDialog({
      title: t('protection.withdrawState.cancelTitle'),
      content: t('protection.withdrawState.cancelText', { amount: pending.money }),
      confirmText: t('protection.withdrawState.cancelConfirm'),
      cancelText: t('protection.withdrawState.keep'),
    });
    if (!confirmed || cancel.isPending) return;
    cancel.mutate(undefined, {
      onSuccess: (answer) => void Toast.show({ icon: 'success', content: answer.msg }),
      onError: (err: unknown) => showError(err),
    });
  };
  return (
    <section className="l28-card wallet-card wallet-pending" data-testid="withdraw-pending" data-id={pending.id}>
      <h3>
        <ClockCircleOutline /> {t('protection.withdrawState.pendingTitle')}
      </h3>
      <div className="wallet-pending-row">
        <strong data-testid="withdraw-pending-money">{pending.money} u</strong>
        <span className="wallet-pending-status" data-testid="withdraw-pending-status">
          {t('protection.withdrawState.awaitingReview')}
        </span>
      </div>
      <p className="wallet-note">
        {t(pending.type === 0 ? 'wallet.withdraw.bankCard' : 'wallet.withdraw.wallet')} · {formatInZone(pending.createtime, zone)}
      </p>
      <div className="wallet-card-actions">
        <Button size="small" shape="rounded" color="danger" fill="outline" loading={cancel.isPending} onClick={ask} data-testid="withdraw-cancel">
          {t('protection.withdrawState.cancel')}
        </Button>
      </div>
    </section>
  );
}
