import type { ComponentType } from 'react';
import { c, d, g, p, pm, r, rw, s, type ScreenModule } from './screenLoaders';
import { prefetchHomeData } from './screens/homeData';

export type TabKey = 'home' | 'lottery' | 'deposit' | 'promotion' | 'mine';

export interface AppRoute {
  path: string;
  /** Login required (docs/product.md#the-route-table-and-its-guard): without a stored token the guard sends the user to /login. */
  auth: boolean;
  /** Depth in the navigation tree: deeper slides in from the right, shallower from the left. */
  depth: number;
  /** A main screen with the bottom tab bar, and which tab it highlights. */
  tab?: TabKey;
  /** The screen, loaded on demand. */
  screen: ScreenModule;
  /** Starts the screen's calls as the route is entered, alongside its code, not once it renders. */
  prefetch?: () => void;
}

/** Every route of docs/product.md#the-route-table-and-its-guard (paths match case-insensitively, so /Withdraw and /withdraw are one route). */
export const appRoutes: AppRoute[] = [
  { path: '/', auth: false, depth: 0, tab: 'home', screen: s(() => import('./screens/HomeRoute'), 'HomeRoute'), prefetch: prefetchHomeData },
  { path: '/login', auth: false, depth: 1, screen: s(() => import('./screens/LoginRoute'), 'LoginRoute') },
  { path: '/register', auth: false, depth: 2, screen: s(() => import('../features/auth/components/RegisterScreen'), 'RegisterScreen') },
  { path: '/language', auth: false, depth: 2, screen: s(() => import('../features/settings/components/LanguageScreen'), 'LanguageScreen') },
  // Public: anyone can verify a round (docs/design.md#games-rounds-and-provably-fair-draws).
  { path: '/fair', auth: false, depth: 1, screen: g(() => import('../features/fair/components/FairScreen'), 'FairScreen') },
  // The spec gives /setSecurityCode no auth flag; its calls need a session, so a 401 still leads to /login.
  {
    path: '/setSecurityCode',
    auth: false,
    depth: 2,
    screen: s(() => import('../features/security/components/SetSecurityCodeScreen'), 'SetSecurityCodeScreen'),
  },

  { path: '/personal', auth: true, depth: 0, tab: 'mine', screen: r(p(() => import('./screens/PersonalRoute'), 'PersonalRoute')) },
  { path: '/setting', auth: true, depth: 1, screen: s(() => import('../features/settings/components/SettingScreen'), 'SettingScreen') },
  { path: '/changeline', auth: true, depth: 2, screen: s(() => import('../features/settings/components/ChangeLineScreen'), 'ChangeLineScreen') },
  { path: '/about', auth: true, depth: 2, screen: s(() => import('../features/settings/components/AboutScreen'), 'AboutScreen') },
  { path: '/system', auth: true, depth: 2, screen: s(() => import('../features/settings/components/SystemScreen'), 'SystemScreen') },
  { path: '/baseinfo', auth: true, depth: 2, screen: d(() => import('../features/profile/components/BaseInfoScreen'), 'BaseInfoScreen') },
  { path: '/defaultAvatar', auth: true, depth: 3, screen: s(() => import('../features/profile/components/DefaultAvatarScreen'), 'DefaultAvatarScreen') },
  { path: '/bankCardManage', auth: true, depth: 2, screen: pm(() => import('../features/payment/components/BankCardManageScreen'), 'BankCardManageScreen') },
  { path: '/addBankCard', auth: true, depth: 3, screen: pm(() => import('../features/payment/components/AddBankCardScreen'), 'AddBankCardScreen') },
  {
    path: '/addVirtualWallet',
    auth: true,
    depth: 3,
    screen: pm(() => import('../features/payment/components/AddVirtualWalletScreen'), 'AddVirtualWalletScreen'),
  },
  {
    path: '/responsiblePlay',
    auth: true,
    depth: 2,
    screen: rw(p(() => import('./screens/ResponsiblePlayRoute'), 'ResponsiblePlayRoute')),
  },
  { path: '/changePassword', auth: true, depth: 2, screen: s(() => import('../features/security/components/ChangePasswordScreen'), 'ChangePasswordScreen') },

  // Games, wallet, history and content.
  { path: '/lottery', auth: true, depth: 0, tab: 'lottery', screen: g(() => import('../features/lottery/components/LotteryHallScreen'), 'LotteryHallScreen') },
  { path: '/recharge', auth: true, depth: 0, tab: 'deposit', screen: s(() => import('../features/wallet/components/RechargeScreen'), 'RechargeScreen') },
  // docs/product.md#the-bottom-tab-bar: /room highlights the deposit tab; it is the deposit screen.
  { path: '/room', auth: true, depth: 0, tab: 'deposit', screen: s(() => import('../features/wallet/components/RechargeScreen'), 'RechargeScreen') },
  {
    path: '/GamePromotion',
    auth: true,
    depth: 0,
    tab: 'promotion',
    screen: c(() => import('../features/promotion/components/GamePromotionScreen'), 'GamePromotionScreen'),
  },
  { path: '/actionCenter', auth: true, depth: 1, screen: rw(c(() => import('./screens/ActionCenterRoute'), 'ActionCenterRoute')) },
  { path: '/shareFriend', auth: true, depth: 1, screen: r(c(() => import('./screens/ShareFriendRoute'), 'ShareFriendRoute')) },
  // The referral team (issue 24), from /shareFriend and /personal.
  { path: '/team', auth: true, depth: 2, screen: r(s(() => import('../features/referral/components/TeamScreen'), 'TeamScreen')) },
  { path: '/notice', auth: true, depth: 1, screen: c(() => import('../features/notice/components/NoticeScreen'), 'NoticeScreen') },
  { path: '/betRecord', auth: true, depth: 1, screen: g(() => import('../features/history/components/BetRecordScreen'), 'BetRecordScreen') },
  { path: '/betDetail', auth: true, depth: 2, screen: g(() => import('../features/history/components/BetDetailScreen'), 'BetDetailScreen') },
  { path: '/capitalDetail', auth: true, depth: 1, screen: s(() => import('../features/wallet/components/CapitalDetailScreen'), 'CapitalDetailScreen') },
  // With the protection texts: the pending withdrawal's cancel and the prerequisites' checklist are worded there.
  { path: '/withdraw', auth: true, depth: 1, screen: p(() => import('../features/wallet/components/WithdrawScreen'), 'WithdrawScreen') },
  { path: '/find', auth: true, depth: 1, screen: g(() => import('../features/draws/components/FindScreen'), 'FindScreen') },
  { path: '/betRoom', auth: true, depth: 1, screen: g(() => import('../features/room/components/BetRoomScreen'), 'BetRoomScreen') },
  { path: '/lotteryDetail', auth: true, depth: 2, screen: g(() => import('../features/draws/components/LotteryDetailScreen'), 'LotteryDetailScreen') },
  { path: '/LotteryExplain', auth: true, depth: 2, screen: g(() => import('../features/rules/components/LotteryExplainScreen'), 'LotteryExplainScreen') },
  { path: '/GameIntroduction', auth: true, depth: 1, screen: g(() => import('../features/rules/components/GameIntroductionScreen'), 'GameIntroductionScreen') },
  { path: '/GameRules', auth: true, depth: 1, screen: g(() => import('../features/rules/components/GameRulesScreen'), 'GameRulesScreen') },
  { path: '/trendChart', auth: true, depth: 2, screen: g(() => import('../features/draws/components/TrendChartScreen'), 'TrendChartScreen') },
  { path: '/streakAlerts', auth: true, depth: 3, screen: g(() => import('../features/draws/components/StreakAlertsScreen'), 'StreakAlertsScreen') },
  { path: '/moreNews', auth: true, depth: 1, screen: c(() => import('../features/news/components/MoreNewsScreen'), 'MoreNewsScreen') },
  { path: '/aticleDetail', auth: true, depth: 2, screen: c(() => import('../features/news/components/ArticleDetailScreen'), 'ArticleDetailScreen') },
  { path: '/realNameAuth', auth: true, depth: 2, screen: d(() => import('../features/realname/components/RealNameAuthScreen'), 'RealNameAuthScreen') },
];

const byPath = new Map(appRoutes.map((r) => [r.path.toLowerCase(), r]));

/** The route definition for a location's pathname (case-insensitive, trailing slash ignored). */
export function routeFor(pathname: string): AppRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return byPath.get(normalized || '/');
}

/** The component a route renders: its screen, loaded on demand. */
export async function loadRouteComponent(route: AppRoute): Promise<ComponentType> {
  return route.screen();
}
