import { Badge, List } from 'antd-mobile';
import { MessageOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNoticeUnread } from '../api/notice';

/** The personal centre's "Messages" entry with the unread count (station messages and announcements). */
export function NoticeMenuEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useNoticeUnread().data?.total ?? 0;
  return (
    <List.Item
      prefix={
        <span className="menu-icon">
          <MessageOutline />
        </span>
      }
      extra={unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} data-testid="notice-unread" /> : null}
      onClick={() => navigate('/notice')}
      arrowIcon={<RightOutline />}
    >
      {t('routes.notice')}
    </List.Item>
  );
}
