import { useState } from 'react';
import { ActionSheet, Button, Form, Input, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { profileSchema } from '@lucky28/shared/schemas';
import { confirmDialog } from '../../../components/dialogQueue';
import { LoadError } from '../../../components/LoadError';
import { Page } from '../../../components/Page';
import { UserAvatar } from '../../../components/UserAvatar';
import { useUserInfo, type UserInfo } from '../../../lib/auth';
import { showSuccess } from '../../../lib/feedback';
import { maskIdCard } from '../../../lib/format';
import { firstProblem } from '../../../lib/validation';
import { useUpdateProfile } from '../api/profile';
import { useFieldProblem } from '../../../components/useFieldProblem';
import { FormField } from '../../../components/FormField';
import { useBackCloses } from '../../../hooks/useBackCloses';
import { useHasSupportChat } from '../../../lib/api/siteConfig';
import { IdDocTypePicker, likelyDocType } from '../../../components/IdDocTypePicker';
import { ID_NUMBER_LONGEST, type IdDocType } from '@lucky28/shared/idNumber';
import './profile.css';

function BaseInfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [idcard, setIdcard] = useState('');
  const [idType, setIdType] = useState<IdDocType>(likelyDocType);
  const [sheet, setSheet] = useState(false);
  // Back closes the avatar sheet, not the screen; from the sheet to /defaultAvatar, back returns here.
  const leaveTo = useBackCloses(sheet, () => setSheet(false), 'avatar-sheet');
  const save = useUpdateProfile();
  const idcardLocked = Boolean(user.idcard);
  const problem = useFieldProblem();
  const hasChat = useHasSupportChat();

  const submit = async () => {
    const settingIdcard = !idcardLocked && idcard.trim() !== '';
    // A blank nickname is refused (the server too), unless the ID number alone is being saved.
    const input = { ...(nickname.trim() || !settingIdcard ? { nickname } : {}), ...(settingIdcard ? { idcard, id_type: idType } : {}) };
    const check = firstProblem(profileSchema, input);
    if (!check.ok) return problem.report(check.message, check.field);
    problem.clear();
    // The ID number is stored once and for good: the player confirms exactly what will be stored.
    if (check.value.idcard !== undefined) {
      const confirmed = await confirmDialog({
        title: t('idDoc.confirmTitle'),
        content: (
          <div className="idcard-confirm">
            <p>{t('idDoc.confirmBody')}</p>
            <p data-testid="idcard-confirm-type">{t(`idDoc.types.${idType}`)}</p>
            <p className="idcard-confirm-value" data-testid="idcard-confirm-value">
              {check.value.idcard}
            </p>
          </div>
        ),
        confirmText: t('idDoc.confirm'),
        cancelText: t('idDoc.back'),
      });
      if (!confirmed) return;
    }
    save.mutate(
      { nickname: check.value.nickname, idcard: check.value.idcard, id_type: check.value.idcard === undefined ? undefined : idType },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          setIdcard('');
        },
        onError: problem.fail,
      },
    );
  };

  return (
    <>
      <List mode="card">
        <List.Item onClick={() => setSheet(true)} extra={<UserAvatar id={user.avatar} size={44} />} data-testid="baseinfo-avatar">
          {t('profile.avatar')}
        </List.Item>
      </List>
      <Form layout="horizontal" mode="card" className="profile-form">
        <Form.Item label={t('profile.account')}>
          <span className="readonly-value" data-testid="baseinfo-account">
            {user.username}
          </span>
        </Form.Item>
        <FormField
          problem={problem}
          field="nickname"
          label={t('profile.nickname')}
          value={nickname}
          onChange={setNickname}
          maxLength={20}
          placeholder={t('profile.nicknamePlaceholder')}
        />
        <FormField
          problem={problem}
          field="idcard"
          label={t('profile.idcard')}
          hint={idcardLocked ? t('profile.idcardLocked') : t(hasChat ? 'profile.idcardHint' : 'profile.idcardHintNoChat')}
        >
          {idcardLocked ? (
            <span className="readonly-value" data-testid="baseinfo-idcard">
              {maskIdCard(user.idcard)}
            </span>
          ) : (
            <>
              <IdDocTypePicker
                value={idType}
                onChange={(v) => {
                  setIdType(v);
                  problem.clear();
                }}
              />
              <Input
                value={idcard}
                onChange={problem.editing('idcard', setIdcard)}
                maxLength={ID_NUMBER_LONGEST}
                placeholder={t(`idDoc.placeholder.${idType}`)}
                aria-label={t('profile.idcard')}
                data-testid="baseinfo-idcard-input"
                clearable
              />
            </>
          )}
        </FormField>
      </Form>
      <div className="page-actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          className="btn-primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="baseinfo-save"
        >
          {t('common.save')}
        </Button>
      </div>
      <ActionSheet
        visible={sheet}
        onClose={() => setSheet(false)}
        cancelText={t('common.cancel')}
        actions={[{ key: 'system', text: t('profile.chooseAvatar'), onClick: () => leaveTo('/defaultAvatar') }]}
        onAction={() => setSheet(false)}
      />
    </>
  );
}

/** /baseinfo (docs/product.md#account-screens): read-only account, editable nickname, ID-card number while none is stored, avatar. */
export function BaseInfoScreen() {
  const { t } = useTranslation();
  const info = useUserInfo();
  return (
    <Page title={t('routes.baseinfo')} backFallback="/personal">
      {info.data ? (
        <BaseInfoForm key={info.data.user_id} user={info.data} />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <Skeleton.Paragraph animated lineCount={5} className="page-skeleton" />
      )}
    </Page>
  );
}
