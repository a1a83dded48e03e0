import { useState } from 'react';
import { Form, Input, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WALLET_TYPES, walletSchema, type WalletType } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { firstProblem } from '../../../lib/validation';
import { useSetPayInfo } from '../api/payment';
import { useFieldProblem } from '../../../components/useFieldProblem';

/** /addVirtualWallet (spec §2.9): address (acc) and network (acc_name: trc20, erc20 or omni). */
export function AddVirtualWalletScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/bankCardManage?type=1');
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState<WalletType | ''>('trc20');
  const save = useSetPayInfo();
  const problem = useFieldProblem();

  const submit = () => {
    if (save.isPending) return;
    const check = firstProblem(walletSchema, { acc: address, acc_name: network });
    if (!check.ok) return problem.report(check.message, check.field);
    problem.clear();
    save.mutate(
      { type: 1, acc: check.value.acc, acc_name: check.value.acc_name },
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
      title={t('payment.addWallet')}
      backFallback="/bankCardManage?type=1" layout="vertical"
      formClassName="pay-form"
      hint={t('payment.walletHint')}
      pending={save.isPending}
      onSubmit={submit}
    >
      <Form.Item label={t('payment.walletType')} {...problem.item('acc_name')}>
        <Selector
          columns={3}
          value={network ? [network] : []}
          onChange={problem.editing('acc_name', (v: WalletType[]) => setNetwork(v[0] ?? ''))}
          options={WALLET_TYPES.map((w) => ({ label: w.toUpperCase(), value: w }))}
        />
      </Form.Item>
      <Form.Item label={t('payment.walletAddress')} {...problem.item('acc')}>
        <Input
          value={address}
          onChange={problem.editing('acc', (v: string) => setAddress(v.trim()))}
          placeholder={t('payment.walletAddressPlaceholder')}
          aria-label={t('payment.walletAddress')}
          autoComplete="off"
          clearable
        />
      </Form.Item>
    </FormScreen>
  );
}
