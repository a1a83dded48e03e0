import { Grid } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { AVATAR_COUNT, UserAvatar } from '../../../components/UserAvatar';
import { useUserInfo } from '../../../lib/auth';
import { showError, showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { useUpdateProfile } from '../api/profile';
import './profile.css';

/** /defaultAvatar (docs/product.md#account-screens): the grid of the nine system avatars. */
export function DefaultAvatarScreen() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const save = useUpdateProfile();
  const goBack = useGoBack('/baseinfo');
  const current = info.data?.avatar ?? 0;

  const choose = (avatar: number) => {
    if (save.isPending) return;
    save.mutate(
      { avatar },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          goBack();
        },
        onError: showError,
      },
    );
  };

  return (
    <Page title={t('routes.defaultAvatar')} backFallback="/baseinfo">
      <Grid columns={3} gap={16} className="avatar-grid">
        {Array.from({ length: AVATAR_COUNT }, (_, i) => (
          <Grid.Item key={i}>
            <button
              type="button"
              className={`avatar-choice ${current === i ? 'selected' : ''}`}
              onClick={() => choose(i)}
              aria-label={t('profile.avatarN', { n: i + 1 })}
              aria-pressed={current === i}
            >
              <UserAvatar id={i} size={80} />
              {current === i && <CheckCircleFill className="avatar-check" />}
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </Page>
  );
}
