import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { bankCardSchema } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { firstProblem } from '../../../lib/validation';
import { useBindPayAccount } from './useBindPayAccount';
import { ReplaceConfirm } from './ReplaceConfirm';

/** "6222020200112233" → "6222 0202 0011 2233" while typing; only digits are kept. */
export const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** /addBankCard (spec §2.9): holder (acc), card number (acc_name, digits), bank (acc_bank). */
export function AddBankCardScreen() {
  const { t } = useTranslation();
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
      hint={t('payment.ownNameHint')}
      pending={pending}
      onSubmit={submit}
    >
      <Form.Item label={t('payment.holder')} {...problem.item('acc')}>
        <Input
          value={holder}
          onChange={problem.editing('acc', setHolder)}
          maxLength={40}
          placeholder={t('payment.holderPlaceholder')}
          aria-label={t('payment.holder')}
          clearable
        />
      </Form.Item>
      <Form.Item label={t('payment.cardNumber')} {...problem.item('acc_name')}>
        <Input
          value={number}
          onChange={problem.editing('acc_name', (v: string) => setNumber(groupCardNumber(v)))}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={t('payment.cardNumberPlaceholder')}
          aria-label={t('payment.cardNumber')}
          clearable
        />
      </Form.Item>
      <Form.Item label={t('payment.bankName')} {...problem.item('acc_bank')}>
        <Input
          value={bank}
          onChange={problem.editing('acc_bank', setBank)}
          maxLength={60}
          placeholder={t('payment.bankNamePlaceholder')}
          aria-label={t('payment.bankName')}
          clearable
        />
      </Form.Item>
      <ReplaceConfirm form={form} />
    </FormScreen>
  );
}
