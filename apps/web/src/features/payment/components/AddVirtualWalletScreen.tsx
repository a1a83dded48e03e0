import { useState } from 'react';
import { Form, Input, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WALLET_TYPES, walletSchema, type WalletType } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { firstProblem } from '../../../lib/validation';
import { useBindPayAccount } from './useBindPayAccount';
import { ReplaceConfirm } from './ReplaceConfirm';

/** /addVirtualWallet (docs/product.md#account-screens): address (acc) and network (acc_name: trc20, erc20 or omni). */
export function AddVirtualWalletScreen() {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState<WalletType | ''>('trc20');
  const form = useBindPayAccount(1);
  const { bind, pending, problem } = form;
  const submit = () => bind(firstProblem(walletSchema, { acc: address, acc_name: network }));

  return (
    <FormScreen
      title={t(form.replacing ? 'payment.changeWallet' : 'payment.addWallet')}
      backFallback="/bankCardManage?type=1"
      layout="vertical"
      formClassName="pay-form"
      hint={t('payment.walletHint')}
      pending={pending}
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
      <ReplaceConfirm form={form} />
    </FormScreen>
  );
}
