import type { ReactNode } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { AddOutline, BankcardOutline, PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { useUserInfo, verificationStatus } from '../../../lib/auth';
import { Page } from '../../../components/Page';
import { shortenMiddle } from '../../../lib/format';
import { usePayInfo, type PayAccount, type PayType } from '../api/payment';
import './payment.css';

/** A bound account as a card: icon and name on top, its number in the middle, a labelled line below. */
function PayCard({
  kind,
  icon,
  name,
  label,
  value,
  children,
}: {
  kind: 'bank' | 'wallet';
  icon: ReactNode;
  name: string;
  label: string;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`pay-card pay-card-${kind}`} data-testid={kind === 'bank' ? 'bound-card' : 'bound-wallet'}>
      <div className="pay-card-top">
        {icon}
        <span className="pay-card-bank-name">{name}</span>
      </div>
      {children}
      <div className="pay-card-bottom">
        <span>{label}</span>
        {value}
      </div>
    </div>
  );
}

/** What is known of a bound card's holder: the verified real name, not checked yet (no verified name), or another name. */
function HolderCheck({ card }: { card: PayAccount }) {
  const { t } = useTranslation();
  const shiming = useUserInfo().data?.shiming;
  if (card.holder_checked === null || (!card.holder_checked && shiming === undefined)) return null;
  const state = card.holder_checked ? 'holderChecked' : verificationStatus(shiming) === 'verified' ? 'holderDiffers' : 'holderUnverified';
  return (
    <p className={`page-hint pay-holder-${state}`} data-testid="holder-check" data-state={state}>
      {t(`payment.${state}`)}
    </p>
  );
}

function BankCardView({ card }: { card: PayAccount }) {
  const { t } = useTranslation();
  return (
    <PayCard kind="bank" icon={<BankcardOutline />} name={card.acc_bank} label={t('payment.holder')} value={<span data-testid="card-holder">{card.acc}</span>}>
      <div className="pay-card-number" data-testid="card-number">
        {card.acc_name}
      </div>
    </PayCard>
  );
}

function WalletView({ wallet }: { wallet: PayAccount }) {
  const { t } = useTranslation();
  const network = wallet.acc_name.toUpperCase();
  return (
    <PayCard kind="wallet" icon={<PayCircleOutline />} name={`USDT · ${network}`} label={t('payment.walletType')} value={<span>{network}</span>}>
      <div className="pay-card-address" title={wallet.acc}>
        {shortenMiddle(wallet.acc, 12, 10)}
      </div>
    </PayCard>
  );
}

/** /bankCardManage?type=0|1 (docs/product.md#account-screens): the bound bank card or wallet, or a way to add one. */
export function BankCardManageScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type: PayType = params.get('type') === '1' ? 1 : 0;
  const info = usePayInfo(type);
  const addPath = type === 0 ? '/addBankCard' : '/addVirtualWallet';

  let body;
  if (info.isPending) body = <Skeleton animated className="pay-card-skeleton" />;
  else if (info.isError) body = <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  else if (info.data) {
    body = (
      <>
        {type === 0 ? <BankCardView card={info.data} /> : <WalletView wallet={info.data} />}
        {type === 0 && <HolderCheck card={info.data} />}
        <p className="page-hint">{t('payment.changeHint')}</p>
        <Button block shape="rounded" onClick={() => navigate(addPath)} data-testid="change-pay-account">
          {t('payment.change')}
        </Button>
      </>
    );
  } else {
    body = (
      <ErrorBlock
        status="empty"
        image={<span className="empty-icon">{type === 0 ? <BankcardOutline /> : <PayCircleOutline />}</span>}
        title={t(type === 0 ? 'payment.noCard' : 'payment.noWallet')}
        description={t(type === 0 ? 'payment.noCardHint' : 'payment.noWalletHint')}
      >
        <Button color="primary" shape="rounded" className="btn-primary" onClick={() => navigate(addPath)} data-testid="add-pay-account">
          <AddOutline /> {t(type === 0 ? 'payment.addCard' : 'payment.addWallet')}
        </Button>
      </ErrorBlock>
    );
  }

  return (
    <Page title={t(type === 0 ? 'settings.bankCard' : 'settings.wallet')} backFallback="/setting?type=2">
      <section className="pay-manage">{body}</section>
    </Page>
  );
}
