import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { linkedPlayerSchema } from '@lucky28/shared/schemas';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { can, useMe } from '../../../lib/operator';
import { checkWith } from '../../../lib/validation';
import { userDetailQuery, type UserDetail } from '../api/users';

interface LinkValues {
  linked: boolean;
  note?: string;
}

/**
 * Marks a player as linked to the operator — staff, relatives, test accounts, never paid a red packet
 * share (docs/red-packets.md#claiming) — or clears the mark, with a note; audited. The dialog is the
 * confirmation: the operator picks which (the change from what the player is now, by default), and the
 * answer says what the player now is; the page then shows the mark.
 */
export function OperatorLink({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useMe().data?.role;
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<LinkValues>();
  const guardClose = useDiscardGuard();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async (values: LinkValues) => {
      const body = { user_id: user.id, linked: values.linked, ...(values.note?.trim() ? { note: values.note } : {}) };
      const checked = checkWith(linkedPlayerSchema, body);
      if (!checked.ok) throw Object.assign(new Error(checked.message), { field: checked.field });
      return call(api.redPackets.linkedPlayer, body);
    },
    onSuccess: (answer) => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: userDetailQuery(user.id).queryKey });
      void message.success(answer.linked ? t('users.operatorLink.marked') : t('users.operatorLink.cleared'));
    },
    onError: (e: Error & { field?: string }) => {
      if (e.field === 'note') form.setFields([{ name: 'note', errors: [e.message] }]);
      else void message.error(e.message);
    },
  });
  if (!can(role, api.redPackets.linkedPlayer)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('users.operatorLink.button')}</Button>
      <Modal
        open={open}
        title={t('users.operatorLink.title', { name: user.username })}
        okText={t('users.operatorLink.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => run.mutate(form.getFieldsValue(true) as LinkValues)}
        onCancel={guardClose(
          () => form.isFieldsTouched(),
          () => setOpen(false),
        )}
        confirmLoading={run.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('users.operatorLink.explain')}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ linked: !user.operator_linked }} onValuesChange={clearEditedErrors(form)}>
          <Form.Item name="linked" label={t('users.operatorLink.choice')}>
            <Radio.Group
              options={[
                { value: true, label: t('users.operatorLink.mark') },
                { value: false, label: t('users.operatorLink.clear') },
              ]}
            />
          </Form.Item>
          <Form.Item name="note" label={t('users.operatorLink.note')}>
            <Input.TextArea rows={2} maxLength={100} showCount aria-label={t('users.operatorLink.note')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
