/**
 * `npm test` runs the generated-case tests quick; CI's `npm run test:deep` runs them at full length
 * (docs/testing.md). That holds only while test:deep names every one of them: a new property or fuzz file
 * left out would never run at full length anywhere. This checks each workspace's test:deep covers every
 * file that generates cases (fast-check, or the depth setting) and that the root script runs them all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKSPACES = ['packages/shared', 'apps/server'];

function scriptOf(dir: string, name: string): string | undefined {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[name];
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const generatesCases = (file: string) => /from '(fast-check|@lucky28\/shared\/testing\/depth|(\.\.\/)+testing\/depth\.js)'/.test(fs.readFileSync(file, 'utf8'));

describe('npm run test:deep', () => {
  it('runs every workspace that has generated-case tests', () => {
    const root = scriptOf('.', 'test:deep') ?? '';
    for (const ws of WORKSPACES) expect(root).toContain(`npm run test:deep -w ${ws}`);
  });

  for (const ws of WORKSPACES) {
    it(`covers every file of ${ws} that generates cases, at TEST_DEPTH=deep`, () => {
      const script = scriptOf(ws, 'test:deep') ?? '';
      const match = /^TEST_DEPTH=deep vitest run (.+)$/.exec(script);
      expect(match, `${ws} test:deep: ${script}`).not.toBeNull();
      const covered = match![1]!.split(/\s+/);
      for (const p of covered) expect(fs.existsSync(path.join(ROOT, ws, p)), `${ws}: ${p}`).toBe(true);
      const dir = path.join(ROOT, ws);
      const users = sources(dir)
        .filter((f) => !f.endsWith(path.join('src', 'testing', 'depth.ts')) && generatesCases(f))
        .map((f) => path.relative(dir, f));
      expect(users.length).toBeGreaterThan(0);
      const uncovered = users.filter((f) => !covered.some((p) => f === p || f.startsWith(`${p}/`)));
      expect(uncovered).toEqual([]);
    });
  }
});
