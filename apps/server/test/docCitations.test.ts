/**
 * Citations stay inside the repository and land on a heading: no file cites the old design notes or
 * product brief that lived outside it, and every `docs/<file>.md#<heading>` cited in code, and every
 * relative markdown link with an anchor, names a heading its file has. A renamed heading fails here
 * with the places that still cite it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'playwright-report', 'coverage']);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|json|md|yml|yaml|sql|css|html|sh|service|conf|cfg)$/;
/** Generated from the API contract, and large: its own test keeps it in step. */
const GENERATED = new Set(['docs/api.md']);

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.ci') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* textFiles(full);
    } else if (TEXT.test(entry.name) || dir.endsWith(`${path.sep}.ci`)) {
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (!GENERATED.has(rel)) yield rel;
    }
  }
}

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(rel: string): Set<string> | undefined {
  if (!anchorsCache.has(rel)) {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return undefined;
    const text = fs.readFileSync(full, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    anchorsCache.set(rel, new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!))));
  }
  return anchorsCache.get(rel);
}

const files = [...textFiles(root)];
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

describe('citations', () => {
  it('cite nothing outside the repository', () => {
    // Spelt in pieces so that this file does not cite them itself.
    const outside = new RegExp(['DESIGN' + ' §', 'DESIGN' + '\\.md', '\\.\\.' + '/shared/', 'product' + '-spec', '\\b[Ss]pec' + ' §'].join('|'));
    const found = files.flatMap((rel) =>
      read(rel)
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${rel}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(files.length).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });

  it('name headings their docs have', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const rel of files) {
      const text = read(rel);
      const targets: [string, string][] = [];
      // In code and text: docs/<file>.md#<anchor>, and the same section's other anchors after it (", #b").
      for (const m of text.matchAll(/docs\/([\w-]+\.md)((?:#[\w-]+)(?:(?:,| and) #[\w-]+)*)/g)) {
        for (const a of m[2]!.matchAll(/#([\w-]+)/g)) targets.push([`docs/${m[1]}`, a[1]!]);
      }
      // In markdown: [text](relative/path.md#anchor).
      if (rel.endsWith('.md')) {
        for (const m of text.matchAll(/\]\(([\w./-]*\.md)#([\w-]+)\)/g)) {
          targets.push([path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]!)), m[2]!]);
        }
      }
      for (const [doc, anchor] of targets) {
        const anchors = anchorsOf(doc);
        if (!anchors) continue; // not a doc of this repository (an example path)
        checked++;
        if (!anchors.has(anchor)) broken.push(`${rel}: ${doc}#${anchor}`);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(broken).toEqual([]);
  });
});
