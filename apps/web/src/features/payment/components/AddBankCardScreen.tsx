import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { bankCardSchema } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { showNotice } from '../../../lib/feedback';
import { firstProblem } from '../../../lib/validation';
import { useSavePayAccount } from './useSavePayAccount';

/** "6222020200112233" → "6222 0202 0011 2233" while typing; only digits are kept. */
export const groupCardNumber = (value: string) => value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** /addBankCard (spec §2.9): holder (acc), card number (acc_name, digits), bank (acc_bank). */
export function AddBankCardScreen() {
  const { t } = useTranslation();
  const [holder, setHolder] = useState('');
  const [number, setNumber] = useState('');
  const [bank, setBank] = useState('');
  const save = useSavePayAccount('/bankCardManage?type=0');

  const submit = () => {
    if (save.pending) return;
    const check = firstProblem(bankCardSchema, { acc: holder, acc_name: number, acc_bank: bank });
    if (!check.ok) return showNotice(check.message);
    save.submit({ type: 0, acc: check.value.acc, acc_name: check.value.acc_name, acc_bank: check.value.acc_bank });
  };

  return (
    <FormScreen
      title={t('payment.addCard')}
      backFallback="/bankCardManage?type=0"
      formClassName="pay-form"
      hint={t('payment.ownNameHint')}
      pending={save.pending}
      onSubmit={submit}
    >
      <Form.Item label={t('payment.holder')}>
        <Input value={holder} onChange={setHolder} maxLength={40} placeholder={t('payment.holderPlaceholder')} aria-label={t('payment.holder')} clearable />
      </Form.Item>
      <Form.Item label={t('payment.cardNumber')}>
        <Input
          value={number}
          onChange={(v) => setNumber(groupCardNumber(v))}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={t('payment.cardNumberPlaceholder')}
          aria-label={t('payment.cardNumber')}
          clearable
        />
      </Form.Item>
      <Form.Item label={t('payment.bankName')}>
        <Input value={bank} onChange={setBank} maxLength={60} placeholder={t('payment.bankNamePlaceholder')} aria-label={t('payment.bankName')} clearable />
      </Form.Item>
    </FormScreen>
  );
}
