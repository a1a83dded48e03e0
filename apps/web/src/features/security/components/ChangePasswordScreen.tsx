import { useState } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { newPassSchema } from '@lucky28/shared/schemas';
import { FormScreen } from '../../../components/FormScreen';
import { showError, showNotice, showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { apiMessage, firstProblem } from '../../../lib/validation';
import { useNewPass } from '../api/security';

/** /changePassword (spec §2.9): current, new and confirmation; the session continues with the new token. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/setting?type=2');
  const replaceToken = useSession((s) => s.replaceToken);
  const [oldPass, setOldPass] = useState('');
  const [newPass, setNewPass] = useState('');
  const [confirm, setConfirm] = useState('');
  const save = useNewPass();

  const submit = () => {
    if (save.isPending) return;
    // Spec §5: the three fields are required in order, then the new one must match its confirmation.
    if (!oldPass.trim()) return showNotice(apiMessage('err.old_password_required'));
    if (!newPass.trim()) return showNotice(apiMessage('err.new_password_required'));
    if (!confirm.trim()) return showNotice(apiMessage('err.confirm_required'));
    const check = firstProblem(newPassSchema, { after_pass: oldPass, new_pass: newPass, confirm_pass: confirm });
    if (!check.ok) return showNotice(check.message);
    save.mutate(
      { after_pass: oldPass, new_pass: newPass, confirm_pass: confirm },
      {
        onSuccess: (answer) => {
          replaceToken(answer.data.userinfo.token);
          showSuccess(answer.msg);
          goBack();
        },
        onError: showError,
      },
    );
  };

  const field = (label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <Form.Item label={label}>
      <Input type="password" value={value} onChange={set} placeholder={label} aria-label={label} autoComplete={autoComplete} clearable />
    </Form.Item>
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
      {field(t('security.oldPassword'), oldPass, setOldPass, 'current-password')}
      {field(t('security.newPassword'), newPass, setNewPass, 'new-password')}
      {field(t('security.confirmPassword'), confirm, setConfirm, 'new-password')}
    </FormScreen>
  );
}
