import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES } from '@lucky28/shared/access';
import { operatorCreateSchema } from '@lucky28/shared/schemas';
import type { InputOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { dateTime } from '../../../lib/format';
import { checkWith } from '../../../lib/validation';
import { useMe, type Operator } from '../../../lib/operator';
import { FormField } from '../../../components/FormField';

/** Operators (admins only): create with a role, disable / enable, reset a lost TOTP. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useMe().data;
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm();
  const guardClose = useDiscardGuard();
  const list = useQuery({ queryKey: ['operators'], queryFn: () => call(api.admin.operatorList) });
  const done = () => {
    message.success(t('common.done'));
    void client.invalidateQueries({ queryKey: ['operators'] });
  };
  const act = useMutation({
    /** One change to another operator: the call to make. */
    mutationFn: (change: () => Promise<unknown>) => change(),
    onSuccess: done,
    onError: (e) => message.error(e.message),
  });
  const create = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const checked = checkWith(operatorCreateSchema, values);
      if (!checked.ok) throw Object.assign(new Error(checked.message), { field: checked.field });
      // The values as typed (the server parses them itself), once they pass the call's own schema.
      return call(api.admin.operatorCreate, values as InputOf<typeof api.admin.operatorCreate>);
    },
    onSuccess: () => {
      setCreating(false);
      form.resetFields();
      done();
    },
    onError: (e: Error & { field?: string }) => (e.field ? form.setFields([{ name: e.field, errors: [e.message] }]) : message.error(e.message)),
  });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.operators')}
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('operators.create')}
        </Button>
      </Space>
      <Table<Operator>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('auth.username'), dataIndex: 'username' },
          { title: t('operators.role'), dataIndex: 'role', render: (r: string) => t(`role.${r}`) },
          {
            title: 'TOTP',
            key: 'totp',
            render: (_, o) => (o.totp_enabled ? <Tag color="green">{t('operators.totpOn')}</Tag> : <Tag>{t('operators.totpOff')}</Tag>),
          },
          {
            title: t('common.status'),
            dataIndex: 'disabled',
            render: (d: boolean) => (d ? <Tag color="red">{t('operators.disabled')}</Tag> : <Tag color="blue">{t('operators.active')}</Tag>),
          },
          { title: t('users.registered'), dataIndex: 'created_at', render: dateTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, o) =>
              o.id === me?.id ? null : (
                <Space>
                  <Popconfirm
                    title={o.disabled ? t('operators.enable') : t('operators.disable')}
                    onConfirm={() => act.mutate(() => call(api.admin.operatorDisable, { id: o.id, disabled: !o.disabled }))}
                  >
                    <Button size="small" danger={!o.disabled}>
                      {o.disabled ? t('operators.enable') : t('operators.disable')}
                    </Button>
                  </Popconfirm>
                  {o.totp_enabled && (
                    <Popconfirm title={t('operators.resetTotpNote')} onConfirm={() => act.mutate(() => call(api.admin.operatorResetTotp, { id: o.id }))}>
                      <Button size="small">{t('operators.resetTotp')}</Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('operators.create')}
        onOk={() => form.submit()}
        onCancel={guardClose(
          () => form.isFieldsTouched(),
          () => setCreating(false),
        )}
        confirmLoading={create.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v)} onValuesChange={clearEditedErrors(form)} initialValues={{ role: 'support' }}>
          <Form.Item name="username" label={t('auth.username')}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
          <FormField name="password" label={t('auth.password')} hint={t('operators.passwordHint')}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </FormField>
          <Form.Item name="role" label={t('operators.role')}>
            <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
