import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { bankCardSchema } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { firstProblem } from '../../../lib/validation';
import { useSetPayInfo } from '../api/payment';
import { useFieldProblem } from '../../../components/useFieldProblem';

/** "6222020200112233" → "6222 0202 0011 2233" while typing; only digits are kept. */
export const groupCardNumber = (value: string) => value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** /addBankCard (spec §2.9): holder (acc), card number (acc_name, digits), bank (acc_bank). */
export function AddBankCardScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/bankCardManage?type=0');
  const [holder, setHolder] = useState('');
  const [number, setNumber] = useState('');
  const [bank, setBank] = useState('');
  const save = useSetPayInfo();
  const problem = useFieldProblem();

  const submit = () => {
    if (save.isPending) return;
    const check = firstProblem(bankCardSchema, { acc: holder, acc_name: number, acc_bank: bank });
    if (!check.ok) return problem.report(check.message, check.field);
    problem.clear();
    save.mutate(
      { type: 0, acc: check.value.acc, acc_name: check.value.acc_name, acc_bank: check.value.acc_bank },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          goBack();
        },
        onError: problem.fail,
      },
    );
  };

  return (
    <FormScreen
      title={t('payment.addCard')}
      backFallback="/bankCardManage?type=0"
      formClassName="pay-form"
      hint={t('payment.ownNameHint')}
      pending={save.isPending}
      onSubmit={submit}
    >
      <Form.Item label={t('payment.holder')} {...problem.item('acc')}>
        <Input value={holder} onChange={problem.editing('acc', setHolder)} maxLength={40} placeholder={t('payment.holderPlaceholder')} aria-label={t('payment.holder')} clearable />
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
        <Input value={bank} onChange={problem.editing('acc_bank', setBank)} maxLength={60} placeholder={t('payment.bankNamePlaceholder')} aria-label={t('payment.bankName')} clearable />
      </Form.Item>
    </FormScreen>
  );
}
