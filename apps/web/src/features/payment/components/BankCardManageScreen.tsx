import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { AddOutline, BankcardOutline, PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { Page } from '../../../components/Page';
import { shortenMiddle } from '../../../lib/format';
import { usePayInfo, type PayAccount, type PayType } from '../api/payment';
import { useHasSupportChat } from '../../../lib/api/support';

function BankCardView({ card }: { card: PayAccount }) {
  const { t } = useTranslation();
  return (
    <div className="pay-card pay-card-bank" data-testid="bound-card">
      <div className="pay-card-top">
        <BankcardOutline />
        <span className="pay-card-bank-name">{card.acc_bank}</span>
      </div>
      <div className="pay-card-number" data-testid="card-number">
        {card.acc_name}
      </div>
      <div className="pay-card-bottom">
        <span>{t('payment.holder')}</span>
        <span data-testid="card-holder">{card.acc}</span>
      </div>
    </div>
  );
}

function WalletView({ wallet }: { wallet: PayAccount }) {
  const { t } = useTranslation();
  return (
    <div className="pay-card pay-card-wallet" data-testid="bound-wallet">
      <div className="pay-card-top">
        <PayCircleOutline />
        <span className="pay-card-bank-name">USDT · {wallet.acc_name.toUpperCase()}</span>
      </div>
      <div className="pay-card-address" title={wallet.acc}>
        {shortenMiddle(wallet.acc, 12, 10)}
      </div>
      <div className="pay-card-bottom">
        <span>{t('payment.walletType')}</span>
        <span>{wallet.acc_name.toUpperCase()}</span>
      </div>
    </div>
  );
}

/** /bankCardManage?type=0|1 (spec §2.9): the bound bank card or wallet, or a way to add one. */
export function BankCardManageScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type: PayType = params.get('type') === '1' ? 1 : 0;
  const info = usePayInfo(type);
  const hasChat = useHasSupportChat();
  const addPath = type === 0 ? '/addBankCard' : '/addVirtualWallet';

  let body;
  if (info.isPending) body = <Skeleton animated className="pay-card-skeleton" />;
  else if (info.isError) body = <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  else if (info.data) {
    body = (
      <>
        {type === 0 ? <BankCardView card={info.data} /> : <WalletView wallet={info.data} />}
        <p className="page-hint">{t(hasChat ? 'payment.changeHint' : 'payment.changeHintNoChat')}</p>
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
