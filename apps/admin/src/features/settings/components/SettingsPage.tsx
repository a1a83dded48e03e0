import { App, Button, Card, Form, Input } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsUpdateSchema } from '@lucky28/shared/schemas';
import type { InputOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, call } from '../../../lib/api';
import { checkWith } from '../../../lib/validation';
import { QueryState } from '../../../components/QueryState';
import { clearEditedErrors } from '../../../lib/forms';
import { can, useMe } from '../../../lib/operator';
import { FormField } from '../../../components/FormField';

/** The deposit details players are shown to pay to (USDT address, bank, account number, holder), with their longest length. */
const DEPOSIT_DETAILS = [
  ['usdt', 100],
  ['bankname', 100],
  ['banknum', 40],
  ['bankxm', 60],
] as const;

/**
 * Deposit details, what 1 u is worth in USDT and in the bank's currency, the range of one deposit,
 * customer-service URL, minimum withdrawal and version label; players see a change at once.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const editable = can(useMe().data?.role, api.admin.settingsUpdate);
  const [form] = Form.useForm();
  const query = useQuery({ queryKey: ['settings'], queryFn: () => call(api.admin.settingsGet) });
  const save = useMutation({
    // The server's own rules first (the minimum withdrawal exactly as typed: never rounded or clamped).
    mutationFn: async (v: Record<string, unknown>) => {
      const body = { ...v, min_withdraw: v.min_withdraw ?? '' };
      const checked = checkWith(settingsUpdateSchema, body);
      if (!checked.ok) throw new ApiError(checked.message, 0, 200, checked.field);
      // The values as typed (the server parses them itself), once they pass the call's own schema.
      return call(api.admin.settingsUpdate, body as InputOf<typeof api.admin.settingsUpdate>);
    },
    onSuccess: (data) => {
      client.setQueryData(['settings'], data);
      message.success(t('common.done'));
    },
    onError: (e) => (e instanceof ApiError && e.field ? form.setFields([{ name: e.field, errors: [e.message] }]) : message.error(e.message)),
  });
  return (
    <QueryState query={query}>
      {(s) => (
        <Card title={t('menu.settings')} style={{ maxWidth: 720 }}>
          <Form form={form} layout="vertical" disabled={!editable} initialValues={s} onFinish={(v) => save.mutate(v)} onValuesChange={clearEditedErrors(form)}>
            {DEPOSIT_DETAILS.map(([name, max]) => (
              <Form.Item key={name} name={name} label={t(`settings.${name}`)}>
                <Input maxLength={max} />
              </Form.Item>
            ))}
            {/* What the deposit page says 1 u is worth, and the range of one request. */}
            <FormField name="usdt_rate" label={t('settings.usdtRate')} hint={t('settings.rateHelp')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </FormField>
            <FormField name="bank_currency" label={t('settings.bankCurrency')} hint={t('settings.bankCurrencyHelp')}>
              <Input maxLength={3} style={{ width: 120 }} placeholder="CNY" />
            </FormField>
            <FormField name="bank_rate" label={t('settings.bankRate')} hint={t('settings.rateHelp')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </FormField>
            <FormField name="min_deposit" label={t('settings.minDeposit')} hint={t('settings.minDepositHelp')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </FormField>
            <FormField name="max_deposit" label={t('settings.maxDeposit')} hint={t('settings.maxDepositHelp')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </FormField>
            <FormField
              name="support_url"
              label={t('settings.supportUrl')}
              hint={s.support_url_env ? t('settings.supportEnv', { url: s.support_url_env }) : undefined}
            >
              <Input maxLength={500} placeholder="https://" />
            </FormField>
            <Form.Item name="min_withdraw" label={t('settings.minWithdraw')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </Form.Item>
            <FormField name="adjust_approval_above" label={t('settings.adjustApprovalAbove')} hint={t('settings.adjustApprovalHelp')}>
              <Input inputMode="decimal" style={{ width: 200 }} />
            </FormField>
            <Form.Item name="version_label" label={t('settings.versionLabel')}>
              <Input maxLength={40} />
            </Form.Item>
            {editable && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            )}
          </Form>
        </Card>
      )}
    </QueryState>
  );
}
