import { useState } from 'react';
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WALLET_TYPES, walletSchema, type WalletType } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { FormField } from '../../../components/FormField';
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
      <FormField problem={problem} field="acc_name" label={t('payment.walletType')}>
        <Selector
          columns={3}
          value={network ? [network] : []}
          onChange={problem.editing('acc_name', (v: WalletType[]) => setNetwork(v[0] ?? ''))}
          options={WALLET_TYPES.map((w) => ({ label: w.toUpperCase(), value: w }))}
        />
      </FormField>
      <FormField
        problem={problem}
        field="acc"
        label={t('payment.walletAddress')}
        value={address}
        onChange={(v) => setAddress(v.trim())}
        placeholder={t('payment.walletAddressPlaceholder')}
        autoComplete="off"
      />
      <ReplaceConfirm form={form} />
    </FormScreen>
  );
}
