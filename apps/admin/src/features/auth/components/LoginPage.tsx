import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { ApiError, call } from '../../../lib/api';
import { session } from '../../../lib/session';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useMe } from '../../../lib/operator';
import { FormField } from '../../../components/FormField';
import './auth.css';

interface Values {
  username: string;
  password: string;
  otp?: string;
}

/** Sign-in: username and password, then — when the server asks for it — the TOTP code. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [needOtp, setNeedOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { token } = useMe();
  const client = useQueryClient();
  if (token) return <Navigate to="/" replace />;

  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const res = await call(api.admin.login, { ...form.getFieldsValue(true), ...values });
      client.setQueryData(['me'], res.operator);
      session.set(res.token);
    } catch (e) {
      if (e instanceof ApiError && e.field === 'otp' && !needOtp) setNeedOtp(true);
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="center-page">
      {/* A plain panel, not antd's Card: the Card brings its tabs with it into the sign-in download. */}
      <section className="login-panel" aria-labelledby="login-title">
        <header className="login-panel-head">
          <h1 id="login-title">{t('app.title')}</h1>
          <LanguageSelect />
        </header>
        <div className="login-panel-body">
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <FormField name="username" label={t('auth.username')} required>
              <Input autoComplete="username" autoFocus disabled={needOtp} />
            </FormField>
            <FormField name="password" label={t('auth.password')} required>
              <Input.Password autoComplete="current-password" disabled={needOtp} />
            </FormField>
            {needOtp && (
              <FormField name="otp" label={t('auth.otp')} hint={t('auth.otpHint')} required={{ pattern: /^\d{6}$/, message: t('auth.otpHint') }}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
              </FormField>
            )}
            {error && (
              <Typography.Paragraph type="danger" role="alert">
                {error}
              </Typography.Paragraph>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('auth.signIn')}
            </Button>
          </Form>
        </div>
      </section>
    </div>
  );
}
