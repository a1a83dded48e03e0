import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_REASONS, userAdjustSchema } from '@lucky28/shared/schemas';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { checkWith } from '../../../lib/validation';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { can, useMe } from '../../../lib/operator';
import type { UserDetail } from '../api/users';

/**
 * "Adjust balance" on a player's page (docs/operations.md#balance-adjustments): a debit or a credit with a
 * reason, the text the player reads and a note; a gift reversal names the gift's ledger row. Above the
 * four-eyes amount it goes to the adjustments queue for a second operator.
 */
export function AdjustBalance({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useMe().data?.role;
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const guardClose = useDiscardGuard();
  const reason = Form.useWatch('reason_code', form) as string | undefined;
  const allowed = can(role, api.admin.userAdjust) && user.group_id === 1;
  const threshold = useQuery({
    queryKey: [api.admin.adjustmentList.name, { user_id: user.id, limit: 1 }],
    queryFn: () => call(api.admin.adjustmentList, { user_id: user.id, limit: 1 }),
    enabled: open,
  }).data?.approval_above;

  const run = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const body: Record<string, unknown> = { id: user.id, ...values, amount: values.amount ?? '' };
      if (body.gift_ledger_id === '' || body.gift_ledger_id === undefined || values.reason_code !== 'gift_reversal') delete body.gift_ledger_id;
      const checked = checkWith(userAdjustSchema, body);
      if (!checked.ok) throw Object.assign(new Error(checked.message), { field: checked.field });
      // The values as typed (the server parses them itself), once they pass the call's own schema.
      return call(api.admin.userAdjust, body as never);
    },
    onSuccess: (data) => {
      setOpen(false);
      form.resetFields();
      message.success(data.status === 0 ? t('adjust.awaiting') : t('common.done'));
      void client.invalidateQueries({ queryKey: ['user', user.id] });
      void client.invalidateQueries({ queryKey: [api.admin.userLedger.name, { id: user.id }] });
      void client.invalidateQueries({ queryKey: [api.admin.adjustmentList.name] });
    },
    onError: (e: Error & { field?: string }) => {
      if (e.field && e.field !== 'id') form.setFields([{ name: e.field, errors: [e.message] }]);
      else message.error(e.message);
    },
  });

  if (!allowed) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('adjust.button')}</Button>
      <Modal
        open={open}
        title={t('adjust.button')}
        onOk={() => run.mutate(form.getFieldsValue() as Record<string, unknown>)}
        onCancel={guardClose(
          () => form.isFieldsTouched(),
          () => setOpen(false),
        )}
        confirmLoading={run.isPending}
        destroyOnHidden
      >
        {threshold && <Typography.Paragraph type="secondary">{t('adjust.fourEyes', { amount: threshold })}</Typography.Paragraph>}
        <Form form={form} layout="vertical" preserve={false} onValuesChange={clearEditedErrors(form)}>
          <Form.Item name="direction" label={t('adjust.direction')} initialValue="debit">
            <Radio.Group
              options={[
                { value: 'debit', label: t('adjust.debit') },
                { value: 'credit', label: t('adjust.credit') },
              ]}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('common.amount')}>
            <Input inputMode="decimal" suffix="u" aria-label={t('common.amount')} />
          </Form.Item>
          <Form.Item name="wallet" label={t('users.wallet')} initialValue="money">
            <Radio.Group
              options={[
                { value: 'money', label: t('users.money') },
                { value: 'score', label: t('users.score') },
              ]}
            />
          </Form.Item>
          <Form.Item name="reason_code" label={t('adjust.reason')}>
            <Radio.Group options={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`adjust.reasons.${r}`) }))} />
          </Form.Item>
          {reason === 'gift_reversal' && (
            <Form.Item name="gift_ledger_id" label={t('adjust.giftLedgerId')} extra={t('adjust.giftHelp')}>
              <Input inputMode="numeric" aria-label={t('adjust.giftLedgerId')} />
            </Form.Item>
          )}
          <Form.Item name="public_text" label={t('adjust.publicText')} extra={t('adjust.publicTextHelp')}>
            <Input maxLength={100} showCount aria-label={t('adjust.publicText')} />
          </Form.Item>
          <Form.Item name="note" label={t('adjust.note')}>
            <Input.TextArea rows={2} maxLength={200} showCount aria-label={t('adjust.note')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
