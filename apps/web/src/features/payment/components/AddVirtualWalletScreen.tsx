import { useState } from 'react';
import { Form, Input, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WALLET_TYPES, walletSchema, type WalletType } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { showNotice } from '../../../lib/feedback';
import { firstProblem } from '../../../lib/validation';
import { useSavePayAccount } from './useSavePayAccount';

/** /addVirtualWallet (spec §2.9): address (acc) and network (acc_name: trc20, erc20 or omni). */
export function AddVirtualWalletScreen() {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState<WalletType | ''>('trc20');
  const save = useSavePayAccount('/bankCardManage?type=1');

  const submit = () => {
    if (save.pending) return;
    const check = firstProblem(walletSchema, { acc: address, acc_name: network });
    if (!check.ok) return showNotice(check.message);
    save.submit({ type: 1, acc: check.value.acc, acc_name: check.value.acc_name });
  };

  return (
    <FormScreen
      title={t('payment.addWallet')}
      backFallback="/bankCardManage?type=1" layout="vertical"
      formClassName="pay-form"
      hint={t('payment.walletHint')}
      pending={save.pending}
      onSubmit={submit}
    >
      <Form.Item label={t('payment.walletType')}>
        <Selector
          columns={3}
          value={network ? [network] : []}
          onChange={(v) => setNetwork(v[0] ?? '')}
          options={WALLET_TYPES.map((w) => ({ label: w.toUpperCase(), value: w }))}
        />
      </Form.Item>
      <Form.Item label={t('payment.walletAddress')}>
        <Input
          value={address}
          onChange={(v) => setAddress(v.trim())}
          placeholder={t('payment.walletAddressPlaceholder')}
          aria-label={t('payment.walletAddress')}
          autoComplete="off"
          clearable
        />
      </Form.Item>
    </FormScreen>
  );
}
