import { Button, List, Tag } from 'antd-mobile';
import {
  BankcardOutline,
  CheckShieldOutline,
  GlobalOutline,
  HeartOutline,
  InformationCircleOutline,
  LinkOutline,
  LockOutline,
  PayCircleOutline,
  SetOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmDialog } from '../../../components/dialogQueue';
import { Page } from '../../../components/Page';
import { logout, useUserInfo, verificationStatus } from '../../../lib/auth';
import { storedLanguageChoice } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useVersionLabel } from '../../../lib/api/siteConfig';
import './settings.css';

interface Entry {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
  extra?: ReactNode;
}

/** /setting (docs/product.md#settings): type 1 app settings, type 2 account settings; both end with logout. */
export function SettingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = useVersionLabel();
  const [params] = useSearchParams();
  const type = params.get('type') === '2' ? 2 : 1;
  const info = useUserInfo();
  const user = info.data;
  const lineBase = usePreferences((s) => s.lineBase);
  const [leaving, setLeaving] = useState(false);

  const entries: Entry[] =
    type === 1
      ? [
          { key: 'line', to: '/changeline', label: 'settings.changeLine', icon: <LinkOutline />, extra: new URL(lineBase || window.location.origin).host },
          { key: 'about', to: '/about', label: 'settings.about', icon: <InformationCircleOutline />, extra: version },
          { key: 'system', to: '/system', label: 'settings.system', icon: <SetOutline /> },
          { key: 'language', to: '/language', label: 'settings.language', icon: <GlobalOutline />, extra: t(`language.choice.${storedLanguageChoice()}`) },
        ]
      : [
          {
            key: 'profile',
            to: `/baseinfo?name=${encodeURIComponent(user?.username ?? '')}`,
            label: 'settings.profile',
            icon: <UserOutline />,
            extra: user?.nickname,
          },
          { key: 'bank', to: '/bankCardManage?type=0', label: 'settings.bankCard', icon: <BankcardOutline /> },
          { key: 'wallet', to: '/bankCardManage?type=1', label: 'settings.wallet', icon: <PayCircleOutline /> },
          {
            key: 'code',
            to: user?.has_security_code ? '/setSecurityCode?isTrue=1' : '/setSecurityCode',
            label: 'settings.securityCode',
            icon: <CheckShieldOutline />,
            extra: user ? t(user.has_security_code ? 'settings.isSet' : 'settings.notSet') : undefined,
          },
          { key: 'password', to: '/changePassword', label: 'settings.changePassword', icon: <LockOutline /> },
          ...(user && user.group_id === 1 ? [{ key: 'responsible', to: '/responsiblePlay', label: 'settings.responsiblePlay', icon: <HeartOutline /> }] : []),
          ...(user?.shiming === 2
            ? []
            : [
                {
                  key: 'realname',
                  to: '/realNameAuth',
                  label: 'settings.realName',
                  icon: <UserContactOutline />,
                  extra: user ? (
                    <Tag round color={user.shiming === 1 ? 'warning' : 'default'}>
                      {t(`verification.${verificationStatus(user.shiming)}`)}
                    </Tag>
                  ) : undefined,
                },
              ]),
        ];

  const confirmLogout = async () => {
    const ok = await confirmDialog({ content: t('settings.logoutConfirm'), confirmText: t('settings.logout'), cancelText: t('common.cancel') });
    if (!ok) return;
    setLeaving(true);
    // Leave for /login first, so the route guard never sees this screen without a session.
    await logout(() => navigate('/login', { replace: true }));
  };

  return (
    <Page title={t(type === 1 ? 'settings.title' : 'settings.accountTitle')} backFallback="/personal">
      <List mode="card" className="settings-list">
        {entries.map((e) => (
          <List.Item
            key={e.key}
            prefix={<span className="menu-icon">{e.icon}</span>}
            extra={e.extra}
            onClick={() => navigate(e.to)}
            data-testid={`setting-${e.key}`}
          >
            {t(e.label)}
          </List.Item>
        ))}
      </List>
      <div className="page-actions">
        <Button block shape="rounded" size="large" className="btn-logout" loading={leaving} onClick={() => void confirmLogout()}>
          {t('settings.logout')}
        </Button>
      </div>
    </Page>
  );
}
