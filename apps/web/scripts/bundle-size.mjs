#!/usr/bin/env node
/**
 * The player app's initial JavaScript, gzipped (docs/design.md#performance-budgets: ≤ 170 KB): the entry chunk and
 * everything it imports statically, plus the home screen's chunk and the default locale, i.e. what a
 * first visit to / downloads before it is interactive. Run after `npm run build`; exits 1 over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = fs.readdirSync(path.join(dist, 'assets'));

const seen = new Set();
function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  // Static imports only (`import … from "./x.js"` / `import "./x.js"`), not `import("./x.js")`.
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)"\.\/([^"]+\.js)"/g)) walk(`assets/${m[1]}`);
}

for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) walk(m[1]);
const entryOnly = new Set(seen);
// zh-TW's texts: the app's and antd-mobile's (`zh-TW-`), and the names taken from the shared catalogue (`tw-`, lib/i18n/sharedNames.ts).
for (const prefix of ['HomeRoute-', 'zh-TW-', 'tw-']) {
  for (const f of assets.filter((a) => a.startsWith(prefix) && a.endsWith('.js'))) walk(`assets/${f}`);
}

const gz = (files) => [...files].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;
const entryKb = gz(entryOnly);
const firstScreenKb = gz(seen);
console.log(`entry (index.html scripts and their static imports): ${entryKb.toFixed(1)} KB gzipped`);
console.log(`first screen (/ in zh-TW, entry + home + locales):   ${firstScreenKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (firstScreenKb > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
