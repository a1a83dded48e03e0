/**
 * How the route table (routes.tsx) loads its screens: each on demand, some with the texts of their
 * part of the app. Apart from the table, so that a screen loading a part of its own (home's news)
 * does not import the table that loads the screen.
 */
import type { ComponentType } from 'react';

export type ScreenModule = () => Promise<ComponentType>;

/** A screen: the export `name` of the module `load` imports. */
export const s =
  <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ScreenModule =>
  async () =>
    (await load())[name] as ComponentType;

/** Game screens: the screen and its texts (`i18n/locales/game`) load together. */
export const g = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ScreenModule =>
  s(async () => (await Promise.all([load(), import('../i18n/gameTexts').then((m) => m.loadGameTexts())]))[0], name);

/** Content screens: the screen and its texts (`i18n/locales/content`) load together. */
export const c = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ScreenModule =>
  s(async () => (await Promise.all([load(), import('../i18n/contentTexts').then((m) => m.loadContentTexts())]))[0], name);

/**
 * Home's news section, below the fold: its code and texts load when it scrolls into view. Declared
 * here, in the entry chunk with the route table that imports this module, so that its preload list
 * shares the table's.
 */
export const loadHomeNews = c(() => import('../features/news/components/HomeNews'), 'HomeNews');

/** Player-protection screens: the screen and its texts (`i18n/locales/protection`) load together. */
export const p = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ScreenModule =>
  s(async () => (await Promise.all([load(), import('../i18n/protectionTexts').then((m) => m.loadProtectionTexts())]))[0], name);

/** Screens with an ID-document field: the screen and its texts (`i18n/locales/idDoc`) load together. */
export const d = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ScreenModule =>
  s(async () => (await Promise.all([load(), import('../i18n/idDocTexts').then((m) => m.loadIdDocTexts())]))[0], name);

/** Payout-account screens (bank card, virtual wallet): the screen and its texts (`i18n/locales/payment`) load together. */
export const pm = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ScreenModule =>
  s(async () => (await Promise.all([load(), import('../i18n/paymentTexts').then((m) => m.loadPaymentTexts())]))[0], name);

/** Screens with rewards (/actionCenter, Responsible play's promotions opt-out): with the rewards' texts (`i18n/locales/rewards`). */
export const rw =
  (screen: ScreenModule): ScreenModule =>
  async () =>
    (await Promise.all([screen(), import('../i18n/rewardsTexts').then((m) => m.loadRewardsTexts())]))[0];

/** Screens showing the referral programme (the team page, its entries on /personal and /shareFriend): with its texts (`i18n/locales/referral`). */
export const r =
  (screen: ScreenModule): ScreenModule =>
  async () =>
    (await Promise.all([screen(), import('../i18n/referralTexts').then((m) => m.loadReferralTexts())]))[0];
