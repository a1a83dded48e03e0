import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userFreezeSchema, userGiftSchema, userResetSchema } from '@lucky28/shared/schemas';
import type { AnswerOf, CallRef } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { checkWith } from '../../../lib/validation';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { can, useMe } from '../../../lib/operator';
import type { UserDetail } from '../api/users';

type Action = 'freeze' | 'gift' | 'password' | 'code';

/** Freeze / unfreeze, gift, reset password (shown once), reset security code — each with a reason. */
export function UserActions({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useMe().data?.role;
  const client = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  const [form] = Form.useForm();
  const guardClose = useDiscardGuard();
  const [oneTime, setOneTime] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: async ({ action, values }: { action: Action; values: Record<string, unknown> }) => {
      const body = { id: user.id, ...values };
      const [ref, schema] =
        action === 'freeze'
          ? ([api.admin.userFreeze, userFreezeSchema] as const)
          : action === 'gift'
            ? ([api.admin.userGift, userGiftSchema] as const)
            : action === 'password'
              ? ([api.admin.userResetPassword, userResetSchema] as const)
              : ([api.admin.userResetSecurityCode, userResetSchema] as const);
      const checked = checkWith(schema, body);
      if (!checked.ok) throw Object.assign(new Error(checked.message), { field: checked.field });
      // The values as typed (the server parses them itself), once they pass the call's own schema.
      return { action, data: await call<CallRef>(ref, body) };
    },
    onSuccess: ({ action, data }) => {
      setOpen(null);
      form.resetFields();
      // Only a password reset answers something to show: the one-time password, this once.
      if (action === 'password' && data) setOneTime((data as AnswerOf<typeof api.admin.userResetPassword>).password);
      else message.success(t('common.done'));
      void client.invalidateQueries({ queryKey: ['user', user.id] });
      void client.invalidateQueries({ queryKey: [api.admin.userLedger.name, { id: user.id }] });
    },
    onError: (e: Error & { field?: string }) => {
      if (e.field && e.field !== 'id') form.setFields([{ name: e.field, errors: [e.message] }]);
      else message.error(e.message);
    },
  });

  const submit = () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    if (open === 'freeze') values.frozen = !user.frozen;
    // The amount exactly as typed: the shared schema refuses anything but a plain positive decimal.
    if (open === 'gift') values.amount = values.amount ?? '';
    run.mutate({ action: open!, values });
  };

  const titles: Record<Action, string> = {
    freeze: user.frozen ? t('users.unfreeze') : t('users.freeze'),
    gift: t('users.gift'),
    password: t('users.resetPassword'),
    code: t('users.resetCode'),
  };
  const buttons: { action: Action; show: boolean; danger?: boolean }[] = [
    { action: 'freeze', show: can(role, api.admin.userFreeze), danger: !user.frozen },
    { action: 'gift', show: can(role, api.admin.userGift) },
    { action: 'password', show: can(role, api.admin.userResetPassword) && user.group_id === 1 },
    { action: 'code', show: can(role, api.admin.userResetSecurityCode) && user.has_security_code },
  ];
  return (
    <>
      <Space wrap>
        {buttons
          .filter((b) => b.show)
          .map((b) => (
            <Button key={b.action} danger={b.danger} onClick={() => setOpen(b.action)}>
              {titles[b.action]}
            </Button>
          ))}
      </Space>
      <Modal
        open={open !== null}
        title={open ? titles[open] : ''}
        onOk={submit}
        onCancel={guardClose(
          () => form.isFieldsTouched(),
          () => setOpen(null),
        )}
        confirmLoading={run.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onValuesChange={clearEditedErrors(form)}>
          {open === 'freeze' && <Typography.Paragraph type="secondary">{user.frozen ? t('users.unfreezeNote') : t('users.freezeNote')}</Typography.Paragraph>}
          {open === 'gift' && (
            <>
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
            </>
          )}
          {open === 'password' && <Typography.Paragraph type="secondary">{t('users.resetPasswordNote')}</Typography.Paragraph>}
          <Form.Item name="reason" label={t('common.reason')}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={oneTime !== null}
        title={t('users.oneTimePassword')}
        onOk={() => setOneTime(null)}
        onCancel={() => setOneTime(null)}
        cancelButtonProps={{ hidden: true }}
      >
        <Typography.Paragraph>{t('users.oneTimeNote')}</Typography.Paragraph>
        <Typography.Text code copyable data-testid="one-time-password">
          {oneTime}
        </Typography.Text>
      </Modal>
    </>
  );
}
