import { useState } from 'react';
import { Button, Input, Popup, Selector } from 'antd-mobile';
import { BankcardOutline, ClockCircleOutline, PayCircleOutline, RightOutline } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { ImagePicker, useObjectUrl } from '../../../components/ImagePicker';
import { Page } from '../../../components/Page';
import { newIdempotencyKey } from '../../../lib/api';
import { showLoading, showSuccess } from '../../../lib/feedback';
import { chosenImageProblem } from '../../../lib/chosenImage';
import { apiMessage } from '../../../lib/validation';
import { useHasSupportChat } from '../../../lib/api/siteConfig';
import type { DepositDetails } from '@lucky28/shared/schemas';
import { formatInZone } from '../../../lib/operatorTime';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { rechargeInfoQueryOptions, useSubmitDeposit, type DepositChannel } from '../api/wallet';
import { depositField, depositProblem, transferAmount } from '../model/deposit';
import { useFieldProblem } from '../../../components/useFieldProblem';
import { useBackCloses } from '../../../hooks/useBackCloses';
import { CopyButton } from './CopyButton';
import { MemberBody } from './GuestGate';
import './wallet.css';

function DetailRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="wallet-detail">
      <span className="wallet-detail-label">{label}</span>
      <span className="wallet-detail-value" data-testid={testId}>
        {value || '--'}
      </span>
      <CopyButton value={value} label={label} testId={`${testId}-copy`} />
    </div>
  );
}

/** A deposit request awaiting review, as a card: how much, how it was paid, when. */
function PendingDeposit({ deposit }: { deposit: DepositDetails['pending'][number] }) {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  return (
    <section className="l28-card wallet-card wallet-pending" data-testid="deposit-pending" data-id={deposit.id}>
      <h3>
        <ClockCircleOutline /> {t('wallet.recharge.pendingTitle')}
      </h3>
      <div className="wallet-pending-row">
        <strong data-testid="deposit-pending-money">{deposit.money} u</strong>
        <span className="wallet-pending-status">{t('wallet.recharge.awaitingReview')}</span>
      </div>
      <p className="wallet-note">
        {t(deposit.channel === 'usdt' ? 'wallet.recharge.channelUsdt' : 'wallet.recharge.channelBank')} · {formatInZone(deposit.createtime, zone)}
      </p>
    </section>
  );
}

/** "1 u = 0.14 USDT": what the operator states 1 u is worth in the currency paid in. */
function RateLine({ rate, currency, testId }: { rate: string | null; currency: string | null; testId: string }) {
  const { t } = useTranslation();
  if (rate === null || currency === null) return null;
  return (
    <p className="wallet-rate" data-testid={testId}>
      {t('wallet.recharge.rate', { rate, currency })}
    </p>
  );
}

/** The deposit popup (docs/product.md#money-and-history-screens): amount, how it was paid, the transfer screenshot (images only, ≤ 5 MB). */
function DepositPopup({ visible, onClose, info }: { visible: boolean; onClose(): void; info: DepositDetails }) {
  const { t } = useTranslation();
  const submit = useSubmitDeposit();
  const [amount, setAmount] = useState('');
  const [channel, setChannel] = useState<DepositChannel>('usdt');
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const preview = useObjectUrl(file);
  const problem = useFieldProblem();
  // Back closes the popup (what was typed stays), not the screen.
  useBackCloses(visible, onClose, 'deposit');

  const choose = async (chosen: File) => {
    const refusal = await chosenImageProblem(chosen);
    if (refusal) return problem.report(apiMessage(refusal), 'screenshot');
    problem.clear();
    setFile(chosen);
  };

  const limits = { min: info.min_deposit, max: info.max_deposit };
  const transfer = transferAmount(
    amount,
    channel === 'usdt' ? { rate: info.usdt_rate, currency: 'USDT' } : { rate: info.bank_rate, currency: info.bank_currency },
  );

  const send = () => {
    const refusal = depositProblem(amount, file, limits);
    if (refusal) return problem.report(apiMessage(refusal, { min: limits.min, max: limits.max }), depositField(refusal));
    problem.clear();
    const done = showLoading(t('wallet.recharge.sending'));
    submit.mutate(
      { money: amount.trim(), channel, file: file!, idempotencyKey: key },
      {
        onSuccess: (answer) => {
          done();
          showSuccess(answer.msg);
          setAmount('');
          setFile(null);
          setKey(newIdempotencyKey());
          onClose();
        },
        onError: (err) => {
          done();
          problem.fail(err);
        },
      },
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="wallet-popup" destroyOnClose={false}>
      <h3 className="wallet-popup-title">{t('wallet.recharge.popupTitle')}</h3>
      <label className={`wallet-field ${problem.marks('money') ? 'field-invalid' : ''}`}>
        <span>{t('wallet.recharge.amount')}</span>
        <Input
          value={amount}
          onChange={problem.editing('money', setAmount)}
          inputMode="decimal"
          placeholder={t('wallet.recharge.amountPlaceholder')}
          aria-label={t('wallet.recharge.amount')}
          data-testid="deposit-amount"
          clearable
        />
      </label>
      <p className="wallet-note" data-testid="deposit-popup-range">
        {t('wallet.recharge.range', { min: info.min_deposit, max: info.max_deposit })}
      </p>
      <div className="wallet-field">
        <span>{t('wallet.recharge.channel')}</span>
        <Selector
          columns={2}
          value={[channel]}
          onChange={(v) => v[0] && setChannel(v[0])}
          options={[
            { label: t('wallet.recharge.channelUsdt'), value: 'usdt' as DepositChannel },
            { label: t('wallet.recharge.channelBank'), value: 'bank' as DepositChannel },
          ]}
        />
        {transfer && (
          <p className="wallet-rate" data-testid="deposit-transfer">
            {t('wallet.recharge.transfer', transfer)}
          </p>
        )}
      </div>
      <div className={`wallet-field ${problem.marks('screenshot') ? 'field-invalid' : ''}`}>
        <span>{t('wallet.recharge.screenshot')}</span>
        <ImagePicker
          preview={preview}
          label={t('wallet.recharge.chooseImage')}
          hint={t('wallet.recharge.imageRules')}
          onChoose={(f) => void choose(f)}
          onRemove={() => setFile(null)}
          busy={submit.isPending}
          testId="deposit-screenshot"
        />
      </div>
      <Button block color="primary" size="large" shape="rounded" className="btn-primary" loading={submit.isPending} onClick={send} data-testid="deposit-submit">
        {t('wallet.recharge.submit')}
      </Button>
    </Popup>
  );
}

function RechargeBody({ info }: { info: DepositDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [popup, setPopup] = useState(false);
  const hasChat = useHasSupportChat();
  return (
    <>
      <section className="l28-hero wallet-balance" aria-label={t('wallet.balance')}>
        <span className="wallet-balance-label">{t('wallet.balance')}</span>
        <Amount value={info.balance} className="wallet-balance-value" />
        <div className="wallet-balance-split">
          <span>
            {t('wallet.withdrawable')} <b data-testid="recharge-money">{info.money}</b>
          </span>
          <span>
            {t('wallet.storedFunds')} <b>{info.score}</b>
          </span>
        </div>
      </section>

      {info.pending.map((d) => (
        <PendingDeposit key={d.id} deposit={d} />
      ))}

      <section className="l28-card wallet-card">
        <h3>
          <PayCircleOutline /> {t('wallet.recharge.usdtTitle')}
        </h3>
        <RateLine rate={info.usdt_rate} currency="USDT" testId="usdt-rate" />
        {info.usdt && (
          <figure className="wallet-qr" data-testid="usdt-qr">
            <QRCodeSVG value={info.usdt} size={168} marginSize={2} title={t('wallet.recharge.usdtQr')} />
            <figcaption>{t('wallet.recharge.usdtQr')}</figcaption>
          </figure>
        )}
        <div className="wallet-address" data-testid="usdt-address">
          {info.usdt || t(hasChat ? 'wallet.recharge.notConfigured' : 'wallet.recharge.notConfiguredNoChat')}
        </div>
        <div className="wallet-card-actions">
          <CopyButton value={info.usdt} label={t('wallet.recharge.usdtTitle')} testId="usdt-copy" />
        </div>
        <p className="wallet-note">{t('wallet.recharge.usdtHint')}</p>
      </section>

      <section className="l28-card wallet-card">
        <h3>
          <BankcardOutline /> {t('wallet.recharge.bankTitle')}
        </h3>
        <DetailRow label={t('wallet.recharge.bankName')} value={info.bankname} testId="bank-name" />
        <DetailRow label={t('wallet.recharge.bankNumber')} value={info.banknum} testId="bank-number" />
        <DetailRow label={t('wallet.recharge.bankHolder')} value={info.bankxm} testId="bank-holder" />
        <RateLine rate={info.bank_rate} currency={info.bank_currency} testId="bank-rate" />
      </section>

      <p className="page-hint" data-testid="deposit-range">
        {t('wallet.recharge.range', { min: info.min_deposit, max: info.max_deposit })}
      </p>
      <p className="page-hint">{t('wallet.recharge.steps')}</p>
      <div className="page-actions">
        <Button block color="primary" size="large" shape="rounded" className="btn-primary" onClick={() => setPopup(true)} data-testid="open-deposit">
          {t('wallet.recharge.uploadButton')}
        </Button>
        <button type="button" className="wallet-link" onClick={() => navigate('/capitalDetail?type=0')}>
          {t('wallet.recharge.records')} <RightOutline />
        </button>
      </div>
      <DepositPopup visible={popup} onClose={() => setPopup(false)} info={info} />
    </>
  );
}

/**
 * /recharge (docs/product.md#money-and-history-screens): balance, the requests awaiting review, the USDT TRC20 address and bank details to
 * copy with what 1 u is worth in each currency, the range of one deposit, and the screenshot popup.
 */
export function RechargeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.recharge')} back={false} className="wallet">
      <MemberBody query={rechargeInfoQueryOptions()}>{(data) => <RechargeBody info={data} />}</MemberBody>
    </Page>
  );
}
