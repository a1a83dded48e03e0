import { useEffect, useRef, useState } from 'react';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { registerSchema } from '@lucky28/shared/schemas';
import { showSuccess } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { apiMessage, firstProblem } from '../../../lib/validation';
import { useGuestUpgrade, useRegister } from '../api/auth';
import { useIsGuestSession } from '../../../components/guestPrompt';
import { useFieldProblem } from '../../../components/useFieldProblem';
import { FormField } from '../../../components/FormField';
import { forgetInviter, rememberInviter, rememberedInviter } from '../model/invite';
import { AuthLayout } from './AuthLayout';
import { PasswordInput } from './PasswordInput';
import './auth.css';

/**
 * /register (docs/product.md#register): username, password, confirmation, invitation code (prefilled from ?inviter_id,
 * or from the share link this tab arrived by: model/invite.ts).
 * For a signed-in guest it is the upgrade in place (`user/guestUpgrade`): the same fields, and
 * afterwards the same session and language, now a member's; it goes back to where the guest was asked
 * to register (a room, the deposit screen).
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
  const remember = useSession((s) => s.remember);
  const guest = useIsGuestSession();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const linkInviter = params.get('inviter_id');
  const [inviter, setInviter] = useState(() => linkInviter ?? rememberedInviter());
  // Kept for the rest of this tab's visit: a visitor may try guest mode first and register later.
  useEffect(() => rememberInviter(linkInviter), [linkInviter]);
  const registerCall = useRegister();
  const upgradeCall = useGuestUpgrade();
  const call = guest ? upgradeCall : registerCall;
  const problem = useFieldProblem();
  // A second tap before the first answer (isPending is only seen after a render) would ask again and be told "username taken".
  const sending = useRef(false);
  const returnAfter = Boolean((location.state as { back?: boolean } | null)?.back);

  const upgrade = () =>
    upgradeCall.mutate(
      { username: username.trim(), password, repassword: confirm, inviter_id: inviter.trim() || undefined },
      {
        onSuccess: (answer) => {
          forgetInviter();
          signIn(answer.data.userinfo, { remember, username: username.trim() });
          void queryClient.invalidateQueries({ queryKey: ['user'] });
          showSuccess(answer.msg);
          if (returnAfter) navigate(-1);
          else navigate('/', { replace: true });
        },
        onError: problem.fail,
        onSettled: () => {
          sending.current = false;
        },
      },
    );

  const submit = () => {
    if (call.isPending || sending.current) return;
    // In the order of docs/product.md#validation-rules: username, password, confirmation, then the match and the optional invite code.
    const basics = firstProblem(registerSchema, { username, password });
    if (!basics.ok) return problem.report(basics.message, basics.field);
    if (!confirm.trim()) return problem.report(apiMessage('err.confirm_required'), 'repassword');
    const full = firstProblem(registerSchema, { username, password, repassword: confirm, inviter_id: inviter.trim() });
    if (!full.ok) return problem.report(full.message, full.field);
    problem.clear();
    sending.current = true;
    if (guest) return upgrade();
    registerCall.mutate(
      { username: username.trim(), password, repassword: confirm, inviter_id: inviter.trim() || undefined },
      {
        onSuccess: (answer) => {
          forgetInviter();
          signIn(answer.data.userinfo, { remember: false, username: username.trim() });
          showSuccess(answer.msg);
          navigate('/', { replace: true });
        },
        onError: problem.fail,
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <AuthLayout
      title={t(guest ? 'auth.upgradeTitle' : 'auth.registerTitle')}
      subtitle={t(guest ? 'auth.upgradeSubtitle' : 'auth.registerSubtitle')}
      onBack={() => (returnAfter ? navigate(-1) : navigate('/', { replace: true }))}
    >
      <Form layout="vertical" className="auth-form">
        <FormField
          problem={problem}
          field="username"
          label={t('auth.username')}
          hint={t('auth.usernameHint')}
          value={username}
          onChange={setUsername}
          placeholder={t('auth.usernamePlaceholder')}
          name="username"
          autoComplete="username"
        />
        <FormField problem={problem} field="password" label={t('auth.password')} hint={t('auth.passwordHint')}>
          <PasswordInput
            value={password}
            onChange={problem.editing('password', setPassword)}
            placeholder={t('auth.passwordPlaceholder')}
            name="password"
            autoComplete="new-password"
          />
        </FormField>
        <FormField problem={problem} field="repassword" label={t('auth.confirmPassword')}>
          <PasswordInput
            value={confirm}
            onChange={problem.editing('repassword', setConfirm)}
            placeholder={t('auth.confirmPlaceholder')}
            name="confirm"
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          problem={problem}
          field="inviter_id"
          label={t('auth.inviteCode')}
          value={inviter}
          onChange={setInviter}
          placeholder={t('auth.inviteOptional')}
          name="inviter_id"
          inputMode="numeric"
        />
      </Form>
      <Button block color="primary" size="large" shape="rounded" loading={call.isPending} onClick={submit} className="btn-primary">
        {t('auth.register')}
      </Button>
      {!guest && (
        <p className="auth-switch">
          {t('auth.haveAccount')}{' '}
          <Link to="/login" replace>
            {t('auth.loginNow')}
          </Link>
        </p>
      )}
    </AuthLayout>
  );
}
