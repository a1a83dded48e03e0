import { describe, expect, it } from 'vitest';
import { appRoutes, routeFor } from './routes';
import { transitionDirection } from './shell/AppShell';

/** The route table of docs/product.md#the-route-table-and-its-guard, verbatim. */
const PUBLIC = ['/', '/login', '/register', '/language', '/setSecurityCode'];
const GUARDED = [
  '/personal',
  '/setting',
  '/changeline',
  '/about',
  '/system',
  '/baseinfo',
  '/defaultAvatar',
  '/bankCardManage',
  '/addBankCard',
  '/addVirtualWallet',
  '/changePassword',
  '/actionCenter',
  '/shareFriend',
  '/notice',
  '/betRecord',
  '/capitalDetail',
  '/withdraw',
  '/recharge',
  '/find',
  '/lottery',
  '/betDetail',
  '/betRoom',
  '/lotteryDetail',
  '/LotteryExplain',
  '/GameIntroduction',
  '/GameRules',
  '/GamePromotion',
  '/trendChart',
  '/moreNews',
  '/aticleDetail',
  '/realNameAuth',
];

describe('route table', () => {
  it('registers every route of docs/product.md#the-route-table-and-its-guard with its auth flag', () => {
    for (const path of PUBLIC) expect(routeFor(path), path).toMatchObject({ auth: false });
    for (const path of GUARDED) expect(routeFor(path), path).toMatchObject({ auth: true });
  });

  it('matches the capitalised links the spec uses, case-insensitively', () => {
    for (const path of ['/Withdraw', '/Recharge', '/BetRecord', '/CapitalDetail', '/AticleDetail', '/lotteryexplain', '/gamerules', '/personal/']) {
      expect(routeFor(path), path).toBeDefined();
    }
  });

  it('gives every route a screen (no "coming soon" page is left)', () => {
    for (const r of appRoutes) expect(typeof r.screen, r.path).toBe('function');
  });

  it('puts the tab bar on the main screens; /room highlights deposit', () => {
    expect(routeFor('/')?.tab).toBe('home');
    expect(routeFor('/lottery')?.tab).toBe('lottery');
    expect(routeFor('/recharge')?.tab).toBe('deposit');
    expect(routeFor('/room')?.tab).toBe('deposit');
    expect(routeFor('/GamePromotion')?.tab).toBe('promotion');
    expect(routeFor('/personal')?.tab).toBe('mine');
    expect(routeFor('/setting')?.tab).toBeUndefined();
  });

  it('slides by depth: deeper forward, shallower back', () => {
    expect(transitionDirection(routeFor('/personal')!.depth, routeFor('/setting')!.depth)).toBe('forward');
    expect(transitionDirection(routeFor('/addBankCard')!.depth, routeFor('/bankCardManage')!.depth)).toBe('back');
    expect(transitionDirection(routeFor('/')!.depth, routeFor('/personal')!.depth)).toBe('fade');
  });
});
