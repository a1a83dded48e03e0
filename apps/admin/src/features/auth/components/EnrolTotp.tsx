import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, call } from '../../../lib/api';
import { FormField } from '../../../components/FormField';

/**
 * TOTP enrolment: a fresh secret from the server, shown as a QR code drawn here in the browser (the
 * otpauth URL never goes to a third party), then a current code and the operator's password.
 */
export function EnrolTotp({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ otp: string; password: string }>();
  const setup = useQuery({ queryKey: ['totpSetup'], queryFn: () => call(api.admin.totpSetup), staleTime: Infinity, gcTime: 0 });
  const [error, setError] = useState<string | null>(null);
  const enable = useMutation({
    mutationFn: (v: { otp: string; password: string }) => call(api.admin.totpEnable, { ...v, secret: setup.data!.secret }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me'] }),
    onError: (e) => {
      setError(e.message);
      if (e instanceof ApiError && e.field) form.setFields([{ name: e.field as 'otp', errors: [e.message] }]);
    },
  });
  if (setup.isPending) return <Spin />;
  if (setup.isError) return <Alert type="error" title={setup.error.message} />;
  return (
    <Space orientation="vertical" size="middle" style={{ maxWidth: 420 }}>
      <Typography.Title level={4}>{t('auth.enrolTitle')}</Typography.Title>
      <Typography.Paragraph>{required ? t('auth.enrolIntro') : t('auth.enrolOptional')}</Typography.Paragraph>
      <QRCodeSVG value={setup.data.otpauth_url} size={200} title={t('auth.qrLabel')} role="img" aria-label={t('auth.qrLabel')} />
      <Typography.Text>
        {t('auth.secret')}:{' '}
        <Typography.Text code copyable data-testid="totp-secret">
          {setup.data.secret}
        </Typography.Text>
      </Typography.Text>
      <Form form={form} layout="vertical" onFinish={(v) => enable.mutate(v)} requiredMark={false}>
        <FormField name="otp" label={t('auth.otp')} required={{ pattern: /^\d{6}$/, message: t('auth.otpHint') }}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </FormField>
        <FormField name="password" label={t('auth.password')} required>
          <Input.Password autoComplete="current-password" />
        </FormField>
        {error && (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" loading={enable.isPending}>
          {t('auth.enable')}
        </Button>
      </Form>
    </Space>
  );
}
