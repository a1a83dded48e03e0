import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@lucky28/shared/schemas';
import { ApiError } from '../../../lib/api';
import { endSession } from '../../../lib/endSession';
import { rememberedUsername, useSession } from '../../../lib/session';
import { firstProblem } from '../../../lib/validation';
import { useLogin } from '../api/auth';
import { alertDialog, askDialog } from '../../../components/dialogQueue';
import { useFieldProblem } from '../../../components/useFieldProblem';
import { FormField } from '../../../components/FormField';
import { supportConfigQuery } from '../../../lib/api/siteConfig';
import { AuthLayout } from './AuthLayout';
import { PasswordInput } from './PasswordInput';
import { TryAsGuest } from './TryAsGuest';
import './auth.css';

/** After a successful login the 500 ms loading notice shows, then the app moves on (docs/product.md#states-and-transitions). */
const AFTER_LOGIN_MS = 500;

/**
 * /login (docs/product.md#login): username, password, remember me (on by default), register link, and "try as a
 * guest" (docs/product.md#what-the-product-does-and-for-whom): a guest watches everything live but holds no money, so it bets nothing and every
 * feed stays real (docs/design.md#guests); it registers in place when it wants to play.
 */
export function LoginScreen({ onContactSupport, children }: { onContactSupport?: () => void; children?: ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const signIn = useSession((s) => s.signIn);
  const [account, setAccount] = useState(rememberedUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const loginCall = useLogin();
  const busy = loginCall.isPending;
  const problem = useFieldProblem();
  const queryClient = useQueryClient();
  // A refusal naming no field (wrong password, frozen, or a time-out / self-exclusion and when it ends) stays on screen.
  const [refusal, setRefusal] = useState('');

  const proceed = (message: string) => {
    Toast.show({ icon: 'loading', content: message, duration: AFTER_LOGIN_MS });
    setTimeout(() => navigate(from && from !== '/login' ? from : '/', { replace: true }), AFTER_LOGIN_MS);
  };

  const submit = () => {
    if (busy) return;
    const check = firstProblem(loginSchema, { account, password });
    if (!check.ok) return problem.report(check.message, check.field);
    problem.clear();
    setRefusal('');
    loginCall.mutate(
      { account: account.trim(), password, remember },
      {
        onSuccess: (answer) => {
          const info = answer.data.userinfo;
          signIn(info, { remember, rememberUsername: remember, username: info.username ?? account.trim() });
          // A player brought from the previous site under another name is told the new one, this once.
          if (info.renamed_from) {
            void alertDialog({
              title: t('auth.renamedTitle'),
              content: <span data-testid="renamed-notice">{t('auth.renamed', { old: info.renamed_from, username: info.username })}</span>,
              confirmText: t('common.ok'),
            }).then(() => proceed(answer.msg));
            return;
          }
          proceed(answer.msg);
        },
        onError: (error) => {
          problem.fail(error);
          if (error instanceof ApiError && error.kind === 'business' && !error.field) setRefusal(error.message);
        },
      },
    );
  };

  /** Back clears the session and returns home (docs/product.md#login). */
  const back = () => {
    endSession();
    navigate('/', { replace: true });
  };

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} onBack={back}>
      <Form layout="vertical" className="auth-form" onFinish={submit}>
        <FormField
          problem={problem}
          field={['account', 'username']}
          label={t('auth.username')}
          value={account}
          onChange={setAccount}
          placeholder={t('auth.usernamePlaceholder')}
          name="username"
          autoComplete="username"
        />
        <FormField problem={problem} field="password" label={t('auth.password')}>
          <PasswordInput
            value={password}
            onChange={problem.editing('password', setPassword)}
            placeholder={t('auth.passwordPlaceholder')}
            name="password"
            autoComplete="current-password"
            onEnterPress={submit}
          />
        </FormField>
      </Form>
      <div className="auth-row">
        <Checkbox checked={remember} onChange={setRemember}>
          {t('auth.remember')}
        </Checkbox>
        <button
          type="button"
          className="link-button"
          onClick={async () => {
            // Customer service is named only when a chat is configured.
            const hasChat = await queryClient.fetchQuery(supportConfigQuery()).then(
              (c) => c.enabled,
              () => false,
            );
            if (hasChat && onContactSupport) {
              void askDialog({
                content: t('auth.forgotBody'),
                backKey: 'ok',
                actions: [
                  { key: 'ok', text: t('common.ok') },
                  // In the tap itself: the chat's tab may only open from a user's gesture.
                  { key: 'support', text: t('support.button'), bold: true, onClick: onContactSupport },
                ],
              });
            } else void alertDialog({ content: t(hasChat ? 'auth.forgotBody' : 'auth.forgotBodyNoChat'), confirmText: t('common.ok') });
          }}
        >
          {t('auth.forgot')}
        </button>
      </div>
      {refusal && (
        <p className="auth-refusal" role="alert" data-testid="login-refusal">
          {refusal}
        </p>
      )}
      <Button block color="primary" size="large" shape="rounded" loading={loginCall.isPending} onClick={submit} className="btn-primary">
        {t('auth.login')}
      </Button>
      <p className="auth-switch">
        {t('auth.noAccount')} <Link to="/register">{t('auth.registerNow')}</Link>
      </p>
      <div className="auth-guest">
        <TryAsGuest onDone={() => navigate(from && from !== '/login' ? from : '/', { replace: true })} />
      </div>
      {children}
    </AuthLayout>
  );
}
