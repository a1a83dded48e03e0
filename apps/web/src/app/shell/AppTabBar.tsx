import { TabBar } from 'antd-mobile';
import { AppOutline, CouponOutline, GiftOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TabKey } from '../routes';

const tabs: { key: TabKey; path: string; icon: React.ReactNode; label: string }[] = [
  { key: 'home', path: '/', icon: <AppOutline />, label: 'tabs.home' },
  { key: 'lottery', path: '/lottery', icon: <CouponOutline />, label: 'tabs.lottery' },
  { key: 'deposit', path: '/recharge', icon: <PayCircleOutline />, label: 'tabs.deposit' },
  { key: 'promotion', path: '/GamePromotion', icon: <GiftOutline />, label: 'tabs.promotion' },
  { key: 'mine', path: '/personal', icon: <UserOutline />, label: 'tabs.mine' },
];

/** The bottom tab bar of the main screens (docs/product.md#the-bottom-tab-bar). */
export function AppTabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="app-tabbar" aria-label={t('tabs.label')}>
      <TabBar
        activeKey={active}
        safeArea
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.path);
        }}
      >
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </nav>
  );
}
