import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { BillOutline, GlobalOutline, QuestionCircleOutline, ReceiptOutline, GiftOutline, RedoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { Logo } from '../../../components/Logo';
import { useUserInfo } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { useHome } from '../api/home';
import { BannerCarousel } from './BannerCarousel';
import { VersionNotice } from './VersionNotice';
import { useVersionLabel } from '../../../lib/api/siteConfig';
import './home.css';

/** Small icons drawn here (the icon set's own would add a chunk to the first screen's budget, docs/design.md#performance-budgets). */
const TrendTableIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
    <path d="M3 4h18v16H3zm2 2v3h4V6zm6 0v3h8V6zm-6 5v3h4v-3zm6 0v3h8v-3zm-6 5v2h4v-2zm6 0v2h8v-2z" />
  </svg>
);
const CandleIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
    <path d="M6 3h2v3h2v9H8v6H6v-6H4V6h2zm9 4h2v4h2v7h-2v3h-2v-3h-2v-7h2z" />
  </svg>
);
const FairIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden>
    <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z" />
    <path d="m8.5 12 2.5 2.5 4.5-5" strokeLinecap="round" />
  </svg>
);

const SHORTCUTS = [
  { to: '/GameIntroduction', label: 'home.shortcuts.introduction', icon: <QuestionCircleOutline />, tone: 'red' },
  { to: '/GameRules', label: 'home.shortcuts.rules', icon: <ReceiptOutline />, tone: 'gold' },
  { to: '/betRecord', label: 'home.shortcuts.betRecord', icon: <BillOutline />, tone: 'blue' },
  { to: '/GamePromotion', label: 'home.shortcuts.promotion', icon: <GiftOutline />, tone: 'green' },
  { to: '/trendChart', label: 'home.shortcuts.trendTable', icon: <TrendTableIcon />, tone: 'gold' },
  { to: '/find', label: 'home.shortcuts.candles', icon: <CandleIcon />, tone: 'blue' },
  { to: '/fair', label: 'home.shortcuts.fair', icon: <FairIcon />, tone: 'red' },
] as const;

function BalanceBar({ guestEntry }: { guestEntry?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const storedBalance = useSession((s) => s.balance);
  const info = useUserInfo();
  if (!token) {
    return (
      <div className="home-balance home-balance-guest">
        <span>{t('home.welcome')}</span>
        {guestEntry}
        <Button size="small" shape="rounded" className="btn-gold" onClick={() => navigate('/login')}>
          {t('auth.login')}
        </Button>
      </div>
    );
  }
  return (
    <div className="home-balance">
      <span className="home-balance-label">{t('home.balance')}</span>
      <Amount value={info.data?.balance ?? storedBalance} className="home-balance-value" />
      <button type="button" className={`icon-button ${info.isFetching ? 'spinning' : ''}`} aria-label={t('common.refresh')} onClick={() => void info.refetch()}>
        <RedoOutline />
      </button>
    </div>
  );
}

/**
 * Home (docs/product.md#home): header, balance or login, banners, version notice, shortcuts; `children` (the
 * game cards and the support button, composed in `app/screens/HomeRoute`) follow the shortcuts, and
 * `guestEntry` ("try as a guest") stands beside the login button of a logged-out visitor.
 */
export function HomeScreen({ children, guestEntry }: { children?: ReactNode; guestEntry?: ReactNode }) {
  const { t } = useTranslation();
  const home = useHome();
  const version = useVersionLabel();
  return (
    <div className="page home">
      <header className="home-header">
        <div className="home-brand">
          <Logo size={34} />
          <span className="home-brand-name">Lucky28</span>
        </div>
        <Link to="/language" className="icon-button" aria-label={t('routes.language')}>
          <GlobalOutline />
        </Link>
      </header>
      <div className="home-hero">
        <BalanceBar guestEntry={guestEntry} />
        <BannerCarousel banners={home.data?.banner} loading={home.isLoading} />
      </div>
      <VersionNotice text={t('home.versionNotice', { version })} />
      <nav className="shortcuts" aria-label={t('home.shortcuts.label')}>
        {SHORTCUTS.map((s) => (
          <Link key={s.to} to={s.to} className="shortcut">
            <span className={`shortcut-icon tone-${s.tone}`} aria-hidden>
              {s.icon}
            </span>
            <span className="shortcut-label">{t(s.label)}</span>
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
