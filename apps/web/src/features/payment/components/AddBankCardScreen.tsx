import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bankCardSchema } from '@lucky28/shared/schemas';
import { useUserInfo, verificationStatus } from '../../../lib/auth';
import { FormScreen } from '../../../components/FormScreen';
import { FormField } from '../../../components/FormField';
import { apiMessage, firstProblem } from '../../../lib/validation';
import { useBindPayAccount } from './useBindPayAccount';
import { ReplaceConfirm } from './ReplaceConfirm';

/**
 * "6222020200112233" → "6222 0202 0011 2233" while typing. Anything but digits and spaces is left
 * exactly as typed (and refused with the field's message): a card number is never silently changed.
 */
export const groupCardNumber = (value: string) => (/^[\d\s]*$/.test(value) ? value.replace(/\s/g, '').replace(/(\d{4})(?=\d)/g, '$1 ') : value);

/** A card number holding something other than digits and spaces. */
const notDigits = (value: string) => !/^[\d\s]*$/.test(value);

/**
 * /addBankCard (docs/product.md#account-screens): holder (acc), card number (acc_name, digits), bank (acc_bank). It says what
 * the server checks of the holder (issue 42): with a verified real name, that it is that name (the
 * comparison's rule, packages/shared/src/holderName.ts); without one, that the card is bound and its
 * withdrawals marked for the operator.
 */
export function AddBankCardScreen() {
  const { t } = useTranslation();
  const shiming = useUserInfo().data?.shiming;
  const [holder, setHolder] = useState('');
  const [number, setNumber] = useState('');
  const [bank, setBank] = useState('');
  const form = useBindPayAccount(0);
  const { bind, pending, problem } = form;
  const submit = () => bind(firstProblem(bankCardSchema, { acc: holder, acc_name: number, acc_bank: bank }));

  return (
    <FormScreen
      title={t(form.replacing ? 'payment.changeCard' : 'payment.addCard')}
      backFallback="/bankCardManage?type=0"
      formClassName="pay-form"
      hint={shiming === undefined ? undefined : t(verificationStatus(shiming) === 'verified' ? 'payment.ownNameRule' : 'payment.ownNameUnverified')}
      pending={pending}
      onSubmit={submit}
    >
      <FormField
        problem={problem}
        field="acc"
        label={t('payment.holder')}
        value={holder}
        onChange={setHolder}
        maxLength={40}
        placeholder={t('payment.holderPlaceholder')}
      />
      <FormField
        problem={problem}
        field="acc_name"
        label={t('payment.cardNumber')}
        error={notDigits(number) ? <span data-testid="card-number-error">{apiMessage('err.card_number_invalid')}</span> : undefined}
        value={number}
        onChange={(v) => setNumber(groupCardNumber(v))}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={t('payment.cardNumberPlaceholder')}
      />
      <FormField
        problem={problem}
        field="acc_bank"
        label={t('payment.bankName')}
        value={bank}
        onChange={setBank}
        maxLength={60}
        placeholder={t('payment.bankNamePlaceholder')}
      />
      <ReplaceConfirm form={form} />
    </FormScreen>
  );
}
