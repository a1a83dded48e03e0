import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPassSchema } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { FormField } from '../../../components/FormField';
import { showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { apiMessage, firstProblem } from '../../../lib/validation';
import { useNewPass } from '../api/security';
import { useFieldProblem } from '../../../components/useFieldProblem';

/** /changePassword (docs/product.md#account-screens): current, new and confirmation; the session continues with the new token. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/setting?type=2');
  const replaceToken = useSession((s) => s.replaceToken);
  const [oldPass, setOldPass] = useState('');
  const [newPass, setNewPass] = useState('');
  const [confirm, setConfirm] = useState('');
  const save = useNewPass();
  const problem = useFieldProblem();

  const submit = () => {
    if (save.isPending) return;
    // docs/product.md#validation-rules: the three fields are required in order, then the new one must match its confirmation.
    if (!oldPass.trim()) return problem.report(apiMessage('err.old_password_required'), 'after_pass');
    if (!newPass.trim()) return problem.report(apiMessage('err.new_password_required'), 'new_pass');
    if (!confirm.trim()) return problem.report(apiMessage('err.confirm_required'), 'confirm_pass');
    const check = firstProblem(newPassSchema, { after_pass: oldPass, new_pass: newPass, confirm_pass: confirm });
    if (!check.ok) return problem.report(check.message, check.field);
    problem.clear();
    save.mutate(
      { after_pass: oldPass, new_pass: newPass, confirm_pass: confirm },
      {
        onSuccess: (answer) => {
          replaceToken(answer.data.userinfo.token);
          showSuccess(answer.msg);
          goBack();
        },
        onError: problem.fail,
      },
    );
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <FormField problem={problem} field={name} label={label} type="password" value={value} onChange={set} placeholder={label} autoComplete={autoComplete} />
  );

  return (
    <FormScreen
      title={t('settings.changePassword')}
      backFallback="/setting?type=2"
      formClassName="password-form"
      hint={t('security.passwordHint')}
      pending={save.isPending}
      onSubmit={submit}
    >
      {field('after_pass', t('security.oldPassword'), oldPass, setOldPass, 'current-password')}
      {field('new_pass', t('security.newPassword'), newPass, setNewPass, 'new-password')}
      {field('confirm_pass', t('security.confirmPassword'), confirm, setConfirm, 'new-password')}
    </FormScreen>
  );
}
