import { List } from 'antd-mobile';
import { GiftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEMBER_GROUP, useUserInfo } from '../../../lib/auth';

/** The team page's entry: an item of /personal's menu, or its own list on /shareFriend (members only: a guest invites nobody). */
export function TeamMenuEntry({ asList = true }: { asList?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo().data;
  if (user?.group_id !== MEMBER_GROUP) return null;
  const item = (
    <List.Item
      prefix={
        <span className="menu-icon">
          <GiftOutline />
        </span>
      }
      onClick={() => navigate('/team')}
      arrowIcon={<RightOutline />}
      data-testid="team-entry"
    >
      {t('referral.entry')}
    </List.Item>
  );
  return asList ? <List>{item}</List> : item;
}
