import { useState } from 'react';
import { Button, Checkbox, Dialog, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@lucky28/shared/schemas';
import { endSession } from '../../../lib/endSession';
import { showError, showNotice } from '../../../lib/feedback';
import { rememberedUsername, useSession } from '../../../lib/session';
import { firstProblem } from '../../../lib/validation';
import { useGuestLogin, useLogin } from '../api/auth';
import { AuthLayout } from './AuthLayout';
import { PasswordInput } from './PasswordInput';

/** After a successful login the 500 ms loading notice shows, then the app moves on (spec §4). */
const AFTER_LOGIN_MS = 500;

/** /login (spec §2.4): username, password, remember me (on by default), register link, guest entry. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const signIn = useSession((s) => s.signIn);
  const [account, setAccount] = useState(rememberedUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const loginCall = useLogin();
  const guestCall = useGuestLogin();
  const busy = loginCall.isPending || guestCall.isPending;

  const proceed = (message: string) => {
    Toast.show({ icon: 'loading', content: message, duration: AFTER_LOGIN_MS });
    setTimeout(() => navigate(from && from !== '/login' ? from : '/', { replace: true }), AFTER_LOGIN_MS);
  };

  const submit = () => {
    if (busy) return;
    const check = firstProblem(loginSchema, { account, password });
    if (!check.ok) return showNotice(check.message);
    loginCall.mutate(
      { account: account.trim(), password, remember },
      {
        onSuccess: (answer) => {
          signIn(answer.data.userinfo, { remember, rememberUsername: remember, username: answer.data.userinfo.username ?? account.trim() });
          proceed(answer.msg);
        },
        onError: showError,
      },
    );
  };

  const tryAsGuest = () => {
    if (busy) return;
    guestCall.mutate(undefined, {
      onSuccess: (answer) => {
        // A guest session leaves a remembered member's username alone.
        signIn(answer.data.userinfo, { remember: false });
        proceed(answer.msg);
      },
      onError: showError,
    });
  };

  /** Back clears the session and returns home (spec §2.4). */
  const back = () => {
    endSession();
    navigate('/', { replace: true });
  };

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} onBack={back}>
      <Form layout="vertical" className="auth-form" onFinish={submit}>
        <Form.Item label={t('auth.username')}>
          <Input
            value={account}
            onChange={setAccount}
            placeholder={t('auth.usernamePlaceholder')}
            name="username"
            autoComplete="username"
            aria-label={t('auth.username')}
            clearable
          />
        </Form.Item>
        <Form.Item label={t('auth.password')}>
          <PasswordInput
            value={password}
            onChange={setPassword}
            placeholder={t('auth.passwordPlaceholder')}
            name="password"
            autoComplete="current-password"
            onEnterPress={submit}
          />
        </Form.Item>
      </Form>
      <div className="auth-row">
        <Checkbox checked={remember} onChange={setRemember} className="remember">
          {t('auth.remember')}
        </Checkbox>
        <button
          type="button"
          className="link-button"
          onClick={() => Dialog.alert({ content: t('auth.forgotBody'), confirmText: t('common.ok') })}
        >
          {t('auth.forgot')}
        </button>
      </div>
      <Button block color="primary" size="large" shape="rounded" loading={loginCall.isPending} onClick={submit} className="btn-primary">
        {t('auth.login')}
      </Button>
      <Button block fill="outline" size="large" shape="rounded" loading={guestCall.isPending} onClick={tryAsGuest} className="btn-guest">
        {t('auth.guest')}
      </Button>
      <p className="auth-switch">
        {t('auth.noAccount')} <Link to="/register">{t('auth.registerNow')}</Link>
      </p>
    </AuthLayout>
  );
}
