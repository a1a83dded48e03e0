import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WEB = 'apps/web/src';
const ADMIN = 'apps/admin/src';

/**
 * The import direction of a front-end laid out bulletproof-react style under `src`: app → features →
 * shared code (components, hooks, lib, i18n, test). A feature never imports another feature (compose
 * them in `app/`, or move what several need to `components/` or `lib/`), and shared code never imports
 * a feature or the app. Each feature is laid out as `api/` (its calls), `components/` (screens and their
 * parts) and `model/` (pure logic), imported in that direction only: components → api → model.
 * Feature folders are read from disk so a new feature is covered at once.
 */
function featureBoundaryZones(src) {
  const features = fs
    .readdirSync(path.join(ROOT, src, 'features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return [
    ...features.map((feature) => ({
      target: `./${src}/features/${feature}`,
      from: `./${src}/features`,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: compose them in app/, or move the shared piece to components/ or lib/.',
    })),
    // Inside a feature: components/ → api/ → model/ (model/ is pure logic; api/ holds the calls, no UI).
    ...features.map((feature) => ({
      target: `./${src}/features/${feature}/model`,
      from: [`./${src}/features/${feature}/api`, `./${src}/features/${feature}/components`],
      message: "A feature's model/ is pure logic: it never imports its api/ or components/.",
    })),
    ...features.map((feature) => ({
      target: `./${src}/features/${feature}/api`,
      from: `./${src}/features/${feature}/components`,
      message: "A feature's api/ holds its calls: it never imports its components/.",
    })),
    {
      target: ['components', 'hooks', 'lib', 'i18n', 'test'].map((dir) => `./${src}/${dir}`),
      from: [`./${src}/features`, `./${src}/app`],
      message: 'Shared code (components, hooks, lib, i18n, test) never imports a feature or the app.',
    },
    {
      target: `./${src}/features`,
      from: `./${src}/app`,
      message: 'A feature never imports the app shell; the app composes features.',
    },
  ];
}

/** The player app's import direction. */
export const webBoundaryZones = featureBoundaryZones(WEB);
/** The operator console's import direction: the same rule as the player app's. */
export const adminBoundaryZones = featureBoundaryZones(ADMIN);

const SERVER = 'apps/server/src';

/**
 * The server's layers: routes/ (HTTP) → domain/ (the rules and their SQL) ← live/ (the node's runtime:
 * engine, scheduler, snapshot, streams, caches). db/, http/ and plugins/ are infrastructure.
 */
export const serverLayerZones = [
  {
    target: `./${SERVER}/domain`,
    from: ['routes', 'live', 'plugins', 'http'].map((dir) => `./${SERVER}/${dir}`),
    message: 'domain/ holds the rules and their SQL: it never imports routes/, live/, plugins/ or http/ (they call it).',
  },
  {
    target: `./${SERVER}/live`,
    from: ['routes', 'plugins'].map((dir) => `./${SERVER}/${dir}`),
    message: 'live/ is the node’s runtime: routes and plugins call it, never the other way round.',
  },
  {
    target: `./${SERVER}/http`,
    from: ['routes', 'plugins'].map((dir) => `./${SERVER}/${dir}`),
    message: 'http/ is the HTTP toolkit routes and plugins build on: it never imports routes/ or plugins/.',
  },
  {
    target: `./${SERVER}/plugins`,
    from: `./${SERVER}/routes`,
    message: 'plugins/ wire the node together under the routes: they never import routes/.',
  },
  {
    target: `./${SERVER}/db`,
    from: ['domain', 'live', 'routes'].map((dir) => `./${SERVER}/${dir}`),
    message: 'db/ is the database access everything builds on: it never imports domain/, live/ or routes/.',
  },
];

/** What domain/ may not use: the HTTP framework, and timers (the node's runtime, live/ or plugins/, owns them). */
const DOMAIN_TIMERS = ['setTimeout', 'setInterval', 'setImmediate'];
const domainTimerMessage = 'domain/ runs no timers: keep them in live/ or plugins/, and pass what they drive in.';
const domainRestrictions = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: '^(@fastify/|fastify($|[-/]))', message: 'domain/ never imports Fastify: HTTP belongs to routes/, http/ and plugins/.' },
        { regex: '^(node:)?timers(/|$)', message: domainTimerMessage },
      ],
    },
  ],
  'no-restricted-globals': ['error', ...DOMAIN_TIMERS.map((name) => ({ name, message: domainTimerMessage }))],
  'no-restricted-properties': [
    'error',
    ...DOMAIN_TIMERS.flatMap((property) => ['globalThis', 'global'].map((object) => ({ object, property, message: domainTimerMessage }))),
  ],
};

/** The player app and the operator console are separate builds: neither imports the other's sources. */
export const appSeparationZones = [
  { target: './apps/web', from: './apps/admin', message: 'The player app never loads the operator console.' },
  { target: './apps/admin', from: './apps/web', message: 'The console is its own build; share code through packages/shared.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read loosely-typed JSON envelopes.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { basePath: ROOT, zones: [...webBoundaryZones, ...appSeparationZones] }],
    },
  },
  {
    files: ['apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { basePath: ROOT, zones: [...adminBoundaryZones, ...appSeparationZones] }],
    },
  },
  {
    // The console is its own build: nothing of it, nor its libraries, in the player app.
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(antd|recharts)(/|$)', message: 'antd and recharts are the operator console’s; the player app uses antd-mobile.' }] },
      ],
    },
  },
  {
    // A CommonJS module (the import resolver below, loaded with require) imports with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    plugins: { import: importPlugin },
    // The server's imports end in `.js` and name `.ts` files (scripts/eslint-resolver-ts.cjs).
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] }, [path.join(ROOT, 'scripts/eslint-resolver-ts.cjs')]: {} } },
    rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: serverLayerZones }] },
  },
  { files: [`${SERVER}/domain/**/*.ts`], rules: domainRestrictions },
  {
    // A transaction that deadlocks or hits a serialization failure is run again by inTransaction;
    // one opened directly would answer the player a 500.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open a transaction with inTransaction(db, work) from db/transaction.ts (retries deadlocks, keeps the lock order).',
        },
      ],
    },
  },
);
