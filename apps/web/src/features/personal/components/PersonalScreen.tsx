import type { ReactNode } from 'react';
import { Button, List, NoticeBar, PullToRefresh } from 'antd-mobile';
import { BillOutline, RightOutline, SetOutline, TeamOutline, UnorderedListOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { LoadError } from '../../../components/LoadError';
import { UserAvatar } from '../../../components/UserAvatar';
import { MEMBER_GROUP, useUserInfo, verificationStatus } from '../../../lib/auth';
import { showError } from '../../../lib/feedback';
import { maskIdCard } from '../../../lib/format';
import './personal.css';

const MENU = [
  { to: '/setting?type=2', label: 'personal.menu.account', icon: <UserContactOutline /> },
  { to: '/BetRecord', label: 'personal.menu.bills', icon: <UnorderedListOutline /> },
  { to: '/CapitalDetail', label: 'personal.menu.funds', icon: <BillOutline /> },
  { to: '/shareFriend', label: 'personal.menu.share', icon: <TeamOutline /> },
] as const;

/**
 * The personal centre (docs/product.md#personal-centre); `children` (the support button, composed in `app/screens/PersonalRoute`) float over it;
 * `summary` (the net position) follows the assets card; `menuExtra` (entries of other features, such as messages with
 * their unread count) follow the menu.
 */
export function PersonalScreen({ children, summary, menuExtra }: { children?: ReactNode; summary?: ReactNode; menuExtra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserInfo();
  const user = info.data;
  const status = verificationStatus(user?.shiming);
  const groupQuery = `group_id=${user?.group_id ?? ''}`;

  const refresh = async () => {
    const result = await info.refetch();
    if (result.error) showError(result.error);
  };

  return (
    <div className="page personal">
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <header className="personal-header">
          <button type="button" className="icon-button personal-gear" aria-label={t('routes.setting')} onClick={() => navigate('/setting?type=1')}>
            <SetOutline />
          </button>
          <button type="button" className="personal-identity" onClick={() => user && navigate(`/baseinfo?name=${encodeURIComponent(user.username)}`)}>
            <UserAvatar id={user?.avatar} size={64} className="personal-avatar" />
            <span className="personal-names">
              <span className="personal-name-row">
                <span className="personal-username" data-testid="personal-username">
                  {user?.username ?? '…'}
                </span>
                <span className={`verify-badge verify-${status}`} data-testid="verify-badge">
                  {t(`verification.${status}`)}
                </span>
              </span>
              <span className="personal-id">
                {t('personal.userId')}: {user?.user_id ?? '--'}
              </span>
              <span className="personal-id">
                {t('personal.idcard')}: {user?.idcard ? maskIdCard(user.idcard) : '--'}
              </span>
            </span>
          </button>
        </header>

        <section className="assets-card" aria-label={t('personal.assets')}>
          {info.isError && !user && <LoadError error={info.error} onRetry={() => void info.refetch()} />}
          <div className="assets-grid">
            <div className="asset">
              <span className="asset-label">{t('personal.yesterdayProfit')}</span>
              <Amount value={user?.profit} signed />
            </div>
            <div className="asset asset-main">
              <span className="asset-label">{t('personal.totalAssets')}</span>
              <Amount value={user?.balance} />
            </div>
            <div className="asset">
              <span className="asset-label">{t('personal.storedFunds')}</span>
              <Amount value={user?.score} />
            </div>
            <div className="asset">
              <span className="asset-label">{t('personal.todayProfit')}</span>
              <Amount value={user?.today_profit} signed />
            </div>
          </div>
          <div className="l28-halves assets-actions">
            <Button shape="rounded" className="btn-outline-red" onClick={() => navigate(`/Withdraw?${groupQuery}`)}>
              {t('personal.withdraw')}
            </Button>
            <Button shape="rounded" color="primary" className="btn-primary" onClick={() => navigate(`/Recharge?${groupQuery}`)}>
              {t('personal.deposit')}
            </Button>
          </div>
        </section>

        {summary}

        {user && user.group_id !== MEMBER_GROUP && (
          <NoticeBar
            className="guest-notice"
            color="alert"
            wrap
            content={t('personal.guestNotice')}
            extra={
              <Button size="mini" color="primary" shape="rounded" onClick={() => navigate('/register')}>
                {t('auth.register')}
              </Button>
            }
          />
        )}

        <List mode="card">
          {MENU.map((m) => (
            <List.Item key={m.to} prefix={<span className="menu-icon">{m.icon}</span>} onClick={() => navigate(m.to)} arrowIcon={<RightOutline />}>
              {t(m.label)}
            </List.Item>
          ))}
          {menuExtra}
        </List>
      </PullToRefresh>
      {children}
    </div>
  );
}
