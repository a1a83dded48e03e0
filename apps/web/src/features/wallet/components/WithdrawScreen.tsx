import { useRef, useState } from 'react';
import { Button, Input, NumberKeyboard, PasscodeInput, Popup, type PasscodeInputRef } from 'antd-mobile';
import { BankcardOutline, CheckCircleFill, PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alertDialog } from '../../../components/dialogQueue';
import { Amount } from '../../../components/Amount';
import { Page } from '../../../components/Page';
import { newIdempotencyKey } from '../../../lib/api';
import { showLoading, showNotice } from '../../../lib/feedback';
import { useFieldProblem } from '../../../components/useFieldProblem';
import { useBackCloses } from '../../../hooks/useBackCloses';
import { useGoBack } from '../../../lib/navigation';
import { apiMessage } from '../../../lib/validation';
import type { PayAccount } from '@lucky28/shared/schemas';
import { useWithdraw, withdrawInfoQueryOptions, type WithdrawInfo } from '../api/wallet';
import { defaultPayType, withdrawStep } from '../model/withdraw';
import { MemberBody } from './GuestGate';
import { PendingWithdrawal, WithdrawChecklist } from './WithdrawState';
import './wallet.css';

const CODE_LENGTH = 6;

function AccountOption({ type, account, selected, onSelect }: { type: 0 | 1; account: PayAccount | null; selected: boolean; onSelect(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(type === 0 ? 'wallet.withdraw.bankCard' : 'wallet.withdraw.wallet');
  if (!account) {
    return (
      <div className="wallet-account wallet-account-empty">
        {type === 0 ? <BankcardOutline /> : <PayCircleOutline />}
        <span className="wallet-account-main">
          <b>{title}</b>
          <small>{t('wallet.withdraw.notBound')}</small>
        </span>
        <Button size="mini" shape="rounded" onClick={() => navigate(`/bankCardManage?type=${type}`)}>
          {t('wallet.withdraw.bind')}
        </Button>
      </div>
    );
  }
  const detail =
    type === 0 ? `${account.acc_bank} · ${account.acc_name}` : `${account.acc_name.toUpperCase()} · ${account.acc.slice(0, 6)}…${account.acc.slice(-6)}`;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`wallet-account ${selected ? 'wallet-account-selected' : ''}`}
      onClick={onSelect}
      data-testid={`withdraw-account-${type}`}
    >
      {type === 0 ? <BankcardOutline /> : <PayCircleOutline />}
      <span className="wallet-account-main">
        <b>{title}</b>
        <small>{detail}</small>
      </span>
      {selected && <CheckCircleFill className="wallet-account-check" />}
    </button>
  );
}

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack('/personal');
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [chosenType, setType] = useState<0 | 1>(defaultPayType(info.pay_list));
  // A choice whose account is no longer bound falls back to the one that is.
  const type: 0 | 1 = info.pay_list[chosenType] ? chosenType : defaultPayType(info.pay_list);
  const [codeOpen, setCodeOpen] = useState(false);
  const [code, setCode] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const codeInput = useRef<PasscodeInputRef>(null);
  const problem = useFieldProblem();
  // Back closes the code popup (and its keyboard), not the screen.
  useBackCloses(
    codeOpen,
    () => {
      codeInput.current?.blur();
      setCodeOpen(false);
    },
    'withdraw-code',
  );

  const submit = () => {
    const step = withdrawStep(info, amount);
    if (step.kind === 'redirect') {
      showNotice(apiMessage(step.message));
      navigate(step.to);
      return;
    }
    if (step.kind === 'notice') return problem.report(apiMessage(step.message, step.params), step.field);
    problem.clear();
    setCode('');
    setCodeOpen(true);
  };

  /** At the 6th digit the popup closes and the request goes out (docs/product.md#states-and-transitions). */
  const onFill = (securityCode: string) => {
    // Blurring puts the number keyboard away with the popup.
    codeInput.current?.blur();
    setCodeOpen(false);
    setCode('');
    const done = showLoading(t('wallet.withdraw.sending'));
    withdraw.mutate(
      { type, money: amount.trim(), securityCode, idempotencyKey: key },
      {
        onSuccess: (answer) => {
          done();
          setKey(newIdempotencyKey());
          // Closing it (OK or Back) goes back, as the withdraw flow of docs/product.md#states-and-transitions does.
          void alertDialog({ title: t('wallet.withdraw.submittedTitle'), content: answer.msg, confirmText: t('common.ok') }).then(goBack);
        },
        onError: (err) => {
          done();
          void alertDialog({ title: t('wallet.withdraw.failedTitle'), content: err.message || t('common.failed'), confirmText: t('common.ok') });
        },
      },
    );
  };

  return (
    <>
      {info.pending && <PendingWithdrawal pending={info.pending} />}
      <section className="l28-hero wallet-balance" aria-label={t('wallet.withdraw.available')}>
        <span className="wallet-balance-label">{t('wallet.withdraw.available')}</span>
        <span data-testid="withdraw-money">
          <Amount value={info.money} className="wallet-balance-value" />
        </span>
        {Number(info.score) > 0 && <p className="wallet-balance-note">{t('wallet.withdraw.scoreNote', { score: info.score })}</p>}
      </section>

      <WithdrawChecklist info={info} />

      <section className="l28-card wallet-card">
        <label className={`wallet-field ${problem.marks('money') ? 'field-invalid' : ''}`}>
          <span>{t('wallet.withdraw.amount')}</span>
          <div className="wallet-amount-row">
            <Input
              value={amount}
              onChange={problem.editing('money', setAmount)}
              inputMode="decimal"
              placeholder={t('wallet.withdraw.amountPlaceholder', { min: info.min_withdraw })}
              aria-label={t('wallet.withdraw.amount')}
              data-testid="withdraw-amount"
              clearable
            />
            <button type="button" className="wallet-link wallet-all" onClick={() => setAmount(info.money)} data-testid="withdraw-all">
              {t('wallet.withdraw.all')}
            </button>
          </div>
        </label>
      </section>

      <section className="l28-card wallet-card" role="radiogroup" aria-label={t('wallet.withdraw.to')}>
        <h3>{t('wallet.withdraw.to')}</h3>
        <AccountOption type={0} account={info.pay_list[0] ?? null} selected={type === 0} onSelect={() => setType(0)} />
        <AccountOption type={1} account={info.pay_list[1] ?? null} selected={type === 1} onSelect={() => setType(1)} />
      </section>

      <div className="page-actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          className="btn-primary"
          loading={withdraw.isPending}
          onClick={submit}
          data-testid="withdraw-submit"
        >
          {t('wallet.withdraw.submit')}
        </Button>
      </div>

      <Popup
        visible={codeOpen}
        onMaskClick={() => setCodeOpen(false)}
        // The number keyboard comes up with the popup; the popup keeps its content above it (wallet.css).
        afterShow={() => codeInput.current?.focus()}
        bodyClassName="wallet-popup wallet-code-popup"
        data-testid="withdraw-code-popup"
      >
        <h3 className="wallet-popup-title">{t('wallet.withdraw.codeTitle')}</h3>
        <p className="wallet-note">{t('wallet.withdraw.codeHint', { amount: amount.trim() })}</p>
        <PasscodeInput
          ref={codeInput}
          length={CODE_LENGTH}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, ''))}
          onFill={onFill}
          seperated
          keyboard={<NumberKeyboard randomOrder={false} showCloseButton={false} />}
          aria-label={t('wallet.withdraw.codeTitle')}
          data-testid="withdraw-code"
        />
      </Popup>
    </>
  );
}

/**
 * /withdraw (docs/product.md#money-and-history-screens, #states-and-transitions, #validation-rules): the pending withdrawal (with a cancel), balance, amount, the
 * prerequisites as a checklist, bank card or wallet, the checks of docs/product.md#validation-rules with
 * their redirects, the 6-digit security-code popup and the "submitted" popup.
 */
export function WithdrawScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.withdraw')} backFallback="/personal" className="wallet">
      <MemberBody query={withdrawInfoQueryOptions()}>{(data) => <WithdrawForm info={data} />}</MemberBody>
    </Page>
  );
}
