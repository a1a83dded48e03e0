#!/usr/bin/env node
/**
 * i18n completeness check (`npm run i18n:check`). Fails when a key present in any locale of a
 * catalogue is missing, empty or not a string in another locale, when a translation does not use
 * the same {{placeholders}} as the others, or when a text uses a name its language refuses for a
 * concept (`scripts/i18n-terms.json`: one name for each concept in each language).
 *
 * Catalogues:
 *   apps/web/src/i18n/locales/{zh-CN,zh-TW,en,vi}.json   (the player app; nested keys)
 *   apps/web/src/i18n/locales/game/game.{zh-CN,…}.json   (the player app's game screens, loaded with them)
 *   apps/web/src/i18n/locales/content/content.{zh-CN,…}.json (the player app's content screens, loaded with them)
 *   apps/web/src/i18n/locales/protection/protection.{zh-CN,…}.json   (the player-protection screens)
 *   apps/web/src/i18n/locales/trouble/trouble.{zh-CN,…}.json   (error pages and the offline line)
 *   apps/web/src/i18n/locales/rewards/rewards.{zh-CN,…}.json   (the rewards' cards and opt-out)
 *   apps/web/src/i18n/locales/payment/payment.{zh-CN,…}.json   (the payout-account screens)
 *   apps/admin/src/i18n/locales/{zh-CN,zh-TW,en,vi}.json (the operator console; nested keys)
 *   apps/admin/src/features/content/locales/{zh-CN,…}.json (the console's content screens)
 *   apps/admin/src/features/chat/locales/{zh-CN,…}.json    (the console's chat moderation screen)
 *   packages/shared/src/messages/{zh,tw,en,vi}.json       (the API message catalogue)
 *
 * And the audit trail's words: every action, area and target of packages/shared/src/audit.ts must have
 * its words (`audit.action.<action>`, `audit.area.<area>`, `audit.target.<target>`) in each language of
 * the shared message catalogue (read by the console's audit screen and the server's audit CSV alike),
 * so a new action cannot reach the audit log as a raw key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

// I18N_CHECK_ROOT lets the check's own test point it at a fixture tree.
const root = process.env.I18N_CHECK_ROOT || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const catalogues = [
  { name: 'player app', dir: 'apps/web/src/i18n/locales', locales: ['zh-CN', 'zh-TW', 'en', 'vi'] },
  // The game screens' texts, loaded with those screens (apps/web/src/i18n/gameTexts.ts).
  { name: 'player app, game screens', dir: 'apps/web/src/i18n/locales/game', locales: ['game.zh-CN', 'game.zh-TW', 'game.en', 'game.vi'], optional: true },
  // The content screens' texts: news, notices, promotion, sharing (apps/web/src/i18n/contentTexts.ts).
  {
    name: 'player app, content screens',
    dir: 'apps/web/src/i18n/locales/content',
    locales: ['content.zh-CN', 'content.zh-TW', 'content.en', 'content.vi'],
    optional: true,
  },
  // The player-protection screens' texts, loaded with them (apps/web/src/i18n/protectionTexts.ts).
  {
    name: 'player app, protection screens',
    dir: 'apps/web/src/i18n/locales/protection',
    locales: ['protection.zh-CN', 'protection.zh-TW', 'protection.en', 'protection.vi'],
    optional: true,
  },
  // The error pages' and the offline line's texts, fetched after start (apps/web/src/i18n/troubleTexts.ts).
  {
    name: 'player app, error pages',
    dir: 'apps/web/src/i18n/locales/trouble',
    locales: ['trouble.zh-CN', 'trouble.zh-TW', 'trouble.en', 'trouble.vi'],
    optional: true,
  },
  // The ID-document texts (type picker, confirmation), loaded with /baseinfo and /realNameAuth (apps/web/src/i18n/idDocTexts.ts).
  { name: 'player app, ID documents', dir: 'apps/web/src/i18n/locales/idDoc', locales: ['idDoc.zh-CN', 'idDoc.zh-TW', 'idDoc.en', 'idDoc.vi'], optional: true },
  // The rewards' texts (campaign cards, the promotions opt-out), loaded with their screens (apps/web/src/i18n/rewardsTexts.ts).
  {
    name: 'player app, rewards',
    dir: 'apps/web/src/i18n/locales/rewards',
    locales: ['rewards.zh-CN', 'rewards.zh-TW', 'rewards.en', 'rewards.vi'],
  },
  // The referral programme's texts (team page and its entries), loaded with those screens (apps/web/src/i18n/referralTexts.ts).
  {
    name: 'player app, referral',
    dir: 'apps/web/src/i18n/locales/referral',
    locales: ['referral.zh-CN', 'referral.zh-TW', 'referral.en', 'referral.vi'],
    optional: true,
  },
  // The payout-account screens' texts (bank card, virtual wallet), loaded with them (apps/web/src/i18n/paymentTexts.ts).
  { name: 'player app, payout accounts', dir: 'apps/web/src/i18n/locales/payment', locales: ['payment.zh-CN', 'payment.zh-TW', 'payment.en', 'payment.vi'] },
  { name: 'operator console', dir: 'apps/admin/src/i18n/locales', locales: ['zh-CN', 'zh-TW', 'en', 'vi'] },
  // The console's content screens (apps/admin/src/features/content/texts.ts).
  { name: 'operator console, content screens', dir: 'apps/admin/src/features/content/locales', locales: ['zh-CN', 'zh-TW', 'en', 'vi'] },
  // The console's campaigns screens (apps/admin/src/features/campaigns/texts.ts).
  { name: 'operator console, campaigns', dir: 'apps/admin/src/features/campaigns/locales', locales: ['zh-CN', 'zh-TW', 'en', 'vi'] },
  { name: 'operator console, referral screens', dir: 'apps/admin/src/features/referral/locales', locales: ['zh-CN', 'zh-TW', 'en', 'vi'], optional: true },
  // The console's chat moderation screen (apps/admin/src/features/chat/texts.ts).
  { name: 'operator console, chat moderation', dir: 'apps/admin/src/features/chat/locales', locales: ['zh-CN', 'zh-TW', 'en', 'vi'] },
  { name: 'API messages', dir: 'packages/shared/src/messages', locales: ['zh', 'tw', 'en', 'vi'] },
];

/** { a: { b: 'x' } } → Map { 'a.b' => 'x' }; non-object leaves are kept as they are (to be reported). */
function flatten(value, prefix = '', out = new Map()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** The glossary: per concept, the names refused in each language (matched case-insensitively). */
const glossary = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'i18n-terms.json'), 'utf8'));
/** 'game.zh-CN' → 'zh', 'tw' → 'tw': the language of a locale file. */
const languageOf = (locale) => ({ 'zh-CN': 'zh', zh: 'zh', 'zh-TW': 'tw', tw: 'tw', en: 'en', vi: 'vi' })[locale.split('.').pop()];
const refusedName = (locale, text) => {
  const lang = languageOf(locale);
  const lower = text.toLowerCase();
  for (const term of glossary.terms) {
    for (const name of term.refuse[lang] ?? []) if (lower.includes(name.toLowerCase())) return { name, use: term.use[lang], concept: term.concept };
  }
  return null;
};

let problems = 0;
const report = (msg) => {
  problems++;
  console.error(`  ✗ ${msg}`);
};

for (const cat of catalogues) {
  if (cat.optional && !fs.existsSync(path.join(root, cat.dir))) continue;
  const files = new Map();
  for (const locale of cat.locales) {
    const file = path.join(root, cat.dir, `${locale}.json`);
    if (!fs.existsSync(file)) {
      console.error(`${cat.name}:`);
      report(`${path.relative(root, file)} is missing`);
      continue;
    }
    try {
      files.set(locale, flatten(JSON.parse(fs.readFileSync(file, 'utf8'))));
    } catch (err) {
      console.error(`${cat.name}:`);
      report(`${path.relative(root, file)} is not valid JSON: ${err.message}`);
    }
  }
  const allKeys = new Set();
  for (const keys of files.values()) for (const k of keys.keys()) allKeys.add(k);

  const before = problems;
  console.log(`${cat.name} (${cat.dir}): ${allKeys.size} keys × ${cat.locales.length} locales`);
  for (const key of [...allKeys].sort()) {
    let reference;
    for (const locale of cat.locales) {
      const keys = files.get(locale);
      if (!keys) continue;
      const value = keys.get(key);
      if (value === undefined) report(`${locale}: missing "${key}"`);
      else if (typeof value !== 'string') report(`${locale}: "${key}" is not a string`);
      else if (value.trim() === '') report(`${locale}: "${key}" is empty`);
      else {
        const refused = refusedName(locale, value);
        if (refused) report(`${locale}: "${key}" says "${refused.name}" for ${refused.concept}: the name in this language is "${refused.use}"`);
        const p = placeholders(value);
        if (reference === undefined) reference = { locale, p };
        else if (p !== reference.p) report(`${locale}: "${key}" uses placeholders [${p}] but ${reference.locale} uses [${reference.p}]`);
      }
    }
  }
  if (problems === before) console.log('  ✓ complete');
}

/** The words the shared audit list needs in the shared message catalogue, when the tree has that list. */
async function checkAuditWords() {
  const listFile = path.join(root, 'packages/shared/src/audit.ts');
  if (!fs.existsSync(listFile)) return;
  const { auditActions, auditAreas, auditTargets } = await tsImport(pathToFileURL(listFile).href, import.meta.url);
  const needed = [
    ...auditActions.map((a) => `audit.action.${a}`),
    ...auditAreas.map((a) => `audit.area.${a}`),
    ...auditTargets.map((t) => `audit.target.${t}`),
  ];
  const dir = 'packages/shared/src/messages';
  const before = problems;
  console.log(`audit trail words (packages/shared/src/audit.ts in ${dir}): ${needed.length} keys × 4 locales`);
  for (const locale of ['zh', 'tw', 'en', 'vi']) {
    const file = path.join(root, dir, `${locale}.json`);
    let keys;
    try {
      keys = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      continue; // missing or not JSON: the shared catalogue's check above has reported it
    }
    for (const key of needed) {
      const value = keys.get(key);
      if (typeof value !== 'string' || value.trim() === '') report(`${locale}: the audit list's "${key}" has no words`);
    }
  }
  if (problems === before) console.log('  ✓ complete');
}
await checkAuditWords();

if (problems > 0) {
  console.error(`\ni18n check failed: ${problems} problem(s)`);
  process.exit(1);
}
console.log('\ni18n check passed');
