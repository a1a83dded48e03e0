import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

// This test file's folder is src/i18n.
const webSrc = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webSrc, '../../..');
const script = path.join(repoRoot, 'scripts/i18n-check.mjs');

function runCheck(root?: string): { code: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [script], {
      env: { ...process.env, ...(root ? { I18N_CHECK_ROOT: root } : {}) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: e.stdout + e.stderr };
  }
}

/** A fixture repository with both catalogues complete, then `mutate` applied. */
function fixture(mutate: (write: (rel: string, data: unknown) => void) => void): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  const write = (rel: string, data: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), JSON.stringify(data));
  };
  for (const l of ['zh-CN', 'zh-TW', 'en', 'vi']) write(`apps/web/src/i18n/locales/${l}.json`, { a: { b: `x ${l} {{n}}` } });
  for (const l of ['zh', 'tw', 'en', 'vi']) write(`packages/shared/src/messages/${l}.json`, { 'msg.ok': `ok ${l}` });
  mutate(write);
  return root;
}

describe('npm run i18n:check', () => {
  it('passes on this repository', () => {
    const { code, output } = runCheck();
    expect(output).toContain('i18n check passed');
    expect(code).toBe(0);
  });

  it('fails on a key missing in one locale', () => {
    const root = fixture((write) => write('apps/web/src/i18n/locales/vi.json', { a: {} }));
    const { code, output } = runCheck(root);
    expect(code).toBe(1);
    expect(output).toContain('vi: missing "a.b"');
  });

  it('fails on an empty translation in the API catalogue', () => {
    const root = fixture((write) => write('packages/shared/src/messages/tw.json', { 'msg.ok': '  ' }));
    const { code, output } = runCheck(root);
    expect(code).toBe(1);
    expect(output).toContain('tw: "msg.ok" is empty');
  });

  it('fails on a name its language refuses for a concept (one name for each concept: scripts/i18n-terms.json)', () => {
    // 儲值 reads as "deposit" in Traditional Chinese: once it also named the stored funds, and "first deposit" had four names.
    const root = fixture((write) => write('apps/web/src/i18n/locales/zh-TW.json', { a: { b: '首次儲值的 {{n}}%，存入儲值' } }));
    const { code, output } = runCheck(root);
    expect(code).toBe(1);
    expect(output).toMatch(/zh-TW: "a\.b" says "儲值" for stored funds[^\n]*the name in this language is "儲存資金"/);
    const en = runCheck(fixture((write) => write('packages/shared/src/messages/en.json', { 'msg.ok': 'Recharge done' })));
    expect(en.output).toContain('en: "msg.ok" says "recharge" for deposit');
  });

  it('fails when an action of the shared audit list has no words in the shared message catalogue', () => {
    const words = (l: string, withGift: boolean) => ({
      'msg.ok': `ok ${l}`,
      'audit.action.user.freeze': `freeze ${l}`,
      ...(withGift ? { 'audit.action.user.gift': `gift ${l}` } : {}),
      'audit.area.user': `players ${l}`,
      'audit.target.user': `player ${l}`,
    });
    const withWords = (withGift: boolean) => (write: (rel: string, data: unknown) => void) => {
      for (const l of ['zh', 'tw', 'en', 'vi']) write(`packages/shared/src/messages/${l}.json`, words(l, withGift));
    };
    const withList = (root: string) => {
      const list =
        "export const auditActions = ['user.freeze', 'user.gift'] as const;\nexport const auditAreas = ['user'];\nexport const auditTargets = ['user'] as const;\n";
      fs.writeFileSync(path.join(root, 'packages/shared/src/audit.ts'), list);
      return root;
    };
    expect(runCheck(withList(fixture(withWords(true)))).output).toContain(
      'audit trail words (packages/shared/src/audit.ts in packages/shared/src/messages): 4 keys × 4 locales\n  ✓ complete',
    );
    // A new action no language has words for: the catalogue's languages agree with each other, only the list knows.
    const { code, output } = runCheck(withList(fixture(withWords(false))));
    expect(code).toBe(1);
    for (const l of ['zh', 'tw', 'en', 'vi']) expect(output).toContain(`${l}: the audit list's "audit.action.user.gift" has no words`);
    expect(output).not.toContain('"audit.action.user.freeze" has no words');
  });

  it('fails when a translation drops a placeholder', () => {
    const root = fixture((write) => write('apps/web/src/i18n/locales/en.json', { a: { b: 'no placeholder' } }));
    const { code, output } = runCheck(root);
    expect(code).toBe(1);
    expect(output).toMatch(/"a\.b" uses placeholders/);
  });
});

describe('keys used by the account screens', () => {
  const flat = new Set<string>();
  const walk = (obj: Record<string, unknown>, prefix = '') => {
    for (const [k, v] of Object.entries(obj)) {
      if (v && typeof v === 'object') walk(v as Record<string, unknown>, `${prefix}${k}.`);
      else flat.add(`${prefix}${k}`);
    }
  };
  walk(en);
  // The catalogues loaded with their screens (locales/<name>/<name>.en.json) count too.
  const localesDir = path.join(webSrc, 'i18n/locales');
  for (const dir of fs.readdirSync(localesDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    walk(JSON.parse(fs.readFileSync(path.join(localesDir, dir.name, `${dir.name}.en.json`), 'utf8')) as Record<string, unknown>);
  }

  it('every literal t("…") / label key in the shell and account features exists', () => {
    const dirs = [
      'app',
      'components',
      'lib',
      'features/auth',
      'features/home',
      'features/personal',
      'features/settings',
      'features/profile',
      'features/payment',
      'features/security',
    ];
    const missing: string[] = [];
    for (const dir of dirs) {
      for (const file of fs.readdirSync(path.join(webSrc, dir), { recursive: true }) as string[]) {
        if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
        const text = fs.readFileSync(path.join(webSrc, dir, file), 'utf8');
        const keys = [...text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g), ...text.matchAll(/\b(?:label|soon|titleKey|key): '([a-z]+\.[\w.]+)'/g)].map(
          (m) => m[1]!,
        );
        for (const key of keys) if (!flat.has(key)) missing.push(`${dir}/${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
