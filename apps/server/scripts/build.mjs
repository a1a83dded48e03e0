/**
 * Compiles the server ahead of time for the production start (`npm run start:prod`): one ES module,
 * dist/server/server.js, bundled by esbuild from src/server.ts with the workspace's own TypeScript
 * (packages/shared, consumed as source) inside it and every npm package left to node_modules, plus
 * the SQL migrations beside it, and an empty migrated embedded database for a first start
 * (src/db/pgliteTemplate.ts). No TypeScript loader at run time.
 *
 * Why esbuild and not tsc: packages/shared exports its .ts sources (the web apps and tests read them as
 * they are); tsc would have to emit it as a second package with rewritten exports, esbuild simply
 * bundles it. The migrations are copied beside the bundle (db/client.ts reads them from its own folder);
 * config.ts finds the repository root by looking upward, so the built apps are served from either place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(serverDir, 'dist', 'server');

/** npm packages stay in node_modules; the workspace's own (@lucky28/*, TypeScript source) are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lucky28/') ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
fs.rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(serverDir, 'src/server.ts'), pgliteTemplate: path.join(serverDir, 'src/db/pgliteTemplate.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesOutside],
  logLevel: 'warning',
});
fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
console.log(`server compiled to ${path.relative(process.cwd(), outDir)}/server.js in ${Date.now() - started} ms`);

// The embedded database's first start begins from an empty, migrated database made here (src/db/pgliteTemplate.ts).
const templateStarted = Date.now();
const { writeTemplate } = await import(pathToFileURL(path.join(outDir, 'pgliteTemplate.js')).href);
await writeTemplate(outDir, path.join(outDir, 'migrations'));
console.log(`embedded database prepared for a first start in ${Date.now() - templateStarted} ms`);
