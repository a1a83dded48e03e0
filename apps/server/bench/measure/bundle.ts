/** Budget: the player app's first-screen JavaScript, gzipped, ≤ 170 KB (apps/web/scripts/bundle-size.mjs defines it). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import type { Report } from '../lib/report.js';

const BUDGET_JS_BYTES = 170 * 1024;

export function measureBundle(report: Report): void {
  const script = path.join(loadConfig({}).webDist, '../scripts/bundle-size.mjs');
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  const line = run.stdout.split('\n').find((l) => l.startsWith('first screen')) ?? '';
  const kb = Number(/([\d.]+) KB gzipped/.exec(line)?.[1]);
  const name = 'player app first screen JS (gzip)';
  if (!Number.isFinite(kb)) {
    report.budget(name, `not measured: ${run.stderr.trim() || 'build the app first'}`, '≤ 170 KB', false);
    return;
  }
  report.budget(name, `${kb.toFixed(1)} KB = ${(((kb * 1024) / BUDGET_JS_BYTES) * 100).toFixed(0)} % of budget`, '≤ 170 KB', kb * 1024 <= BUDGET_JS_BYTES);
}
