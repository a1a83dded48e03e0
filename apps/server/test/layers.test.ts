import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration, run on snippets placed at paths of the server's sources. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', filePath) });
  return result!.messages.map((m) => `${m.ruleId}`);
}

/** A module importing `x` from each of these paths (relative to the snippet's place). */
const imports = (...froms: string[]) =>
  `${froms.map((from, i) => `import { x as x${i} } from '${from}';\n`).join('')}export const y = [${froms.map((_, i) => `x${i}`).join(', ')}];\n`;

describe('layers of the server (eslint.config.js)', { timeout: 30_000 }, () => {
  // Loading the configuration and its plugins takes seconds on a busy machine: once, up front.
  beforeAll(() => problems('domain/warmUp.ts', 'export {};\n'), 120_000);

  it('refuses domain/ importing routes/, live/, plugins/ or http/ — by value, by type or lazily', async () => {
    for (const from of ['../../live/engine.js', '../../routes/lottery/heart.js', '../../plugins/game.js', '../../http/answers.js']) {
      expect(await problems('domain/game/X.ts', imports(from)), from).toEqual(['import/no-restricted-paths']);
    }
    expect(await problems('domain/game/X.ts', "import type { GameEngine } from '../../live/engine.js';\nexport type E = GameEngine;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(await problems('domain/X.ts', "export const load = () => import('../live/snapshot.js');\n")).toEqual(['import/no-restricted-paths']);
  });

  it('refuses domain/ importing Fastify', async () => {
    expect(await problems('domain/game/X.ts', "import type { FastifyBaseLogger } from 'fastify';\nexport type L = FastifyBaseLogger;\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(await problems('domain/game/X.ts', "import fp from 'fastify-plugin';\nexport const p = fp;\n")).toEqual(['no-restricted-imports']);
  });

  it('refuses timers in domain/', async () => {
    for (const code of ['setTimeout(() => {}, 10);\n', 'export const t = setInterval(() => {}, 10);\n', 'setImmediate(() => {});\n']) {
      expect(await problems('domain/game/X.ts', code), code).toEqual(['no-restricted-globals']);
    }
    expect(await problems('domain/game/X.ts', 'globalThis.setTimeout(() => {}, 10);\n')).toEqual(['no-restricted-properties']);
    expect(await problems('domain/game/X.ts', "import { setTimeout as sleep } from 'node:timers/promises';\nexport const s = sleep;\n")).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('refuses live/ importing routes/, and db/ importing domain/, live/ or routes/', async () => {
    expect(await problems('live/X.ts', imports('../routes/lottery/stream.js'))).toEqual(['import/no-restricted-paths']);
    for (const from of ['../domain/game/rounds.js', '../live/engine.js', '../routes/health.js']) {
      expect(await problems('db/X.ts', imports(from)), from).toEqual(['import/no-restricted-paths']);
    }
  });

  it('refuses http/ and live/ importing plugins/ or routes/, and plugins/ importing routes/', async () => {
    for (const layer of ['http', 'live']) {
      for (const from of ['../plugins/envelope.js', '../routes/health.js']) {
        expect(await problems(`${layer}/X.ts`, imports(from)), `${layer} ← ${from}`).toEqual(['import/no-restricted-paths']);
      }
      expect(await problems(`${layer}/X.ts`, "import type { ApiRoute } from '../plugins/validation.js';\nexport type R = ApiRoute;\n"), layer).toEqual([
        'import/no-restricted-paths',
      ]);
    }
    expect(await problems('plugins/X.ts', imports('../routes/health.js'))).toEqual(['import/no-restricted-paths']);
    // The right direction: plugins use http/ and live/.
    expect(await problems('plugins/X.ts', imports('../http/envelopeText.js', '../live/engine.js', '../domain/game/rounds.js'))).toEqual([]);
  });

  it('allows each layer what lies below it', async () => {
    const domainImports = imports('../../db/query.js', '../../errors.js', '../../present.js', './rounds.js', '../ledger/post.js');
    expect(await problems('domain/game/X.ts', domainImports)).toEqual([]);
    expect(await problems('domain/game/X.ts', 'export const later = (ms: number) => Date.now() + ms;\n')).toEqual([]);
    expect(await problems('live/X.ts', imports('../domain/betting/placeBet.js') + 'setTimeout(() => {}, 10);\n')).toEqual([]);
    expect(await problems('live/X.ts', "import type { FastifyBaseLogger } from 'fastify';\nexport type L = FastifyBaseLogger;\n")).toEqual([]);
    expect(await problems('routes/lottery/X.ts', imports('../../live/heartView.js', '../../domain/game/config.js', '../../http/answers.js'))).toEqual([]);
    expect(await problems('plugins/X.ts', imports('../live/engine.js', '../domain/accounts/sessions.js'))).toEqual([]);
    expect(await problems('db/X.ts', imports('./client.js', '../errors.js'))).toEqual([]);
  });
});
