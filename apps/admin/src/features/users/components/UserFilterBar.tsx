import { useEffect } from 'react';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { BALANCE_PATTERN, formFieldOf, ID_PATTERN, searchInput, USER_STATUS_CHOICES, type UserFilterValues, type UserSearchInput } from '../model/userFilters';

/**
 * The players list's filters: text (id, username, nickname), status, registration period, inviter,
 * balance range, last sign-in period and sign-in address. Each field checks itself before the search;
 * a refusal from the server (`error`, naming its field) shows under that field.
 */
export function UserFilterBar({ onSearch, error }: { onSearch: (input: UserSearchInput) => void; error?: unknown }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFilterValues>();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    const name = formFieldOf(error.field);
    if (name) form.setFields([{ name, errors: [error.message] }]);
  }, [error, form]);
  const balanceRule = { pattern: BALANCE_PATTERN, message: t('users.filter.balanceInvalid') };
  return (
    <Form<UserFilterValues> form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={(v) => onSearch(searchInput(v))}>
      <Form.Item name="q" label={t('common.search')}>
        <Input allowClear maxLength={64} placeholder={t('users.search')} aria-label={t('users.search')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')}>
        <Select
          allowClear
          aria-label={t('common.status')}
          options={USER_STATUS_CHOICES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
          style={{ width: 150 }}
        />
      </Form.Item>
      <Form.Item name="registered" label={t('users.registered')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} aria-label={t('users.registered')} />
      </Form.Item>
      <Form.Item name="inviter_id" label={t('users.inviter')} rules={[{ pattern: ID_PATTERN, message: t('users.filter.inviterInvalid') }]}>
        <Input allowClear maxLength={9} inputMode="numeric" placeholder="ID" aria-label={t('users.inviter')} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="balance_min" label={t('users.filter.balanceMin')} rules={[balanceRule]}>
        <Input allowClear maxLength={13} inputMode="decimal" aria-label={t('users.filter.balanceMin')} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item
        name="balance_max"
        label={t('users.filter.balanceMax')}
        dependencies={['balance_min']}
        rules={[
          balanceRule,
          ({ getFieldValue }) => ({
            validator: (_, max?: string) => {
              const min = getFieldValue('balance_min') as string | undefined;
              const bothValid = min && max && BALANCE_PATTERN.test(min.trim()) && BALANCE_PATTERN.test(max.trim());
              return bothValid && Number(min) > Number(max) ? Promise.reject(new Error(t('users.filter.balanceRange'))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input allowClear maxLength={13} inputMode="decimal" aria-label={t('users.filter.balanceMax')} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="signed_in" label={t('users.filter.lastSignIn')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} aria-label={t('users.filter.lastSignIn')} />
      </Form.Item>
      <Form.Item name="ip" label={t('users.filter.ip')}>
        <Input allowClear maxLength={45} aria-label={t('users.filter.ip')} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
