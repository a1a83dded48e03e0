/**
 * docs/configuration.md documents exactly the environment the server reads: a variable added to
 * src/config.ts without its row, or a row left behind after its variable went, fails here.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoFile = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));

/** Every `env.NAME` the configuration reads; NODE_ENV is the platform's, not a setting of ours. */
function variablesRead(): string[] {
  const source = fs.readFileSync(repoFile('apps/server/src/config.ts'), 'utf8');
  const names = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
  return [...new Set(names)].filter((name) => name !== 'NODE_ENV').sort();
}

/** The variables the table names in its first column, one row each. */
function variablesDocumented(): string[] {
  const doc = fs.readFileSync(repoFile('docs/configuration.md'), 'utf8');
  const names = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
  return names.sort();
}

describe('docs/configuration.md', () => {
  it('has one row for every environment variable the server reads, and no other', () => {
    const read = variablesRead();
    expect(read.length).toBeGreaterThan(20);
    expect(variablesDocumented()).toEqual(read);
  });
});
