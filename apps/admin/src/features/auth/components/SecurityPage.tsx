import { Alert, Button, Card, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnrolTotp } from './EnrolTotp';
import { useMe } from '../../../lib/operator';
import { useSignOut } from '../api/auth';

/** The operator’s own security: TOTP status (enrolment, mandatory for every role), sign out everywhere. */
export function SecurityPage() {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  const op = me.data!;
  return (
    <Card title={t('menu.security')}>
      <Descriptions
        column={1}
        items={[
          { key: 'u', label: t('auth.username'), children: op.username },
          { key: 'r', label: t('operators.role'), children: t(`role.${op.role}`) },
        ]}
      />
      {op.totp_enabled ? <Alert type="success" title={t('auth.enabled')} style={{ margin: '16px 0' }} /> : <EnrolTotp required={op.totp_required} />}
      <Button danger onClick={() => Modal.confirm({ title: t('auth.signOutAll'), content: t('auth.signOutAllConfirm'), onOk: () => signOut(true) })}>
        {t('auth.signOutAll')}
      </Button>
    </Card>
  );
}
