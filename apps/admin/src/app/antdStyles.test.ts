import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdStyles } from '../../build/antdStyles';

/** The style a component's styles are kept under, where it is not the component's own name. */
const STYLE_OF: Record<string, string> = { Row: 'Grid', Col: 'Grid', TimePicker: 'DatePicker' };
/** Imports without styles of their own. */
const NO_STYLE = new Set(['ConfigProvider', 'theme']);

/** Every value the console's sources import from 'antd' (types left out). */
function antdImports(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
          for (const part of m[1]!.split(',').map((p) => p.trim())) {
            if (part && !part.startsWith('type ')) names.add(part.split(/\s+as\s+/)[0]!);
          }
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, '..'));
  return names;
}

describe("the build's antd stylesheet", () => {
  it('holds the styles of every antd component the console imports, each listed in its map for the browser to skip generating', () => {
    const { css, failed } = antdStyles();
    expect(failed).toEqual([]);
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
    const kept = new Set(map.split(';').map((entry) => entry.split('|')[1]?.split('-')[0]));
    const imported = [...antdImports()].filter((name) => !NO_STYLE.has(name));
    expect(imported.length).toBeGreaterThan(20);
    expect(imported.filter((name) => !kept.has(STYLE_OF[name] ?? name))).toEqual([]);
  }, 60_000);
});
