import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript of the built player app: every script and modulepreload that index.html loads
 * before any lazy route, gzipped. Lazy chunks are not counted (they load on navigation).
 */
export function initialJsGzipBytes(distDir: string): { bytes: number; files: string[] } {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]!);
  let bytes = 0;
  for (const ref of refs) {
    const file = path.join(distDir, ref.replace(/^\//, ''));
    bytes += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return { bytes, files: [...refs] };
}
