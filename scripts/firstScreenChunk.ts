/**
 * A Vite plugin that builds the first screen as one chunk: the code the entry imports and the code of
 * the lazy modules named (the console's sign-in, the player app's home, the default language's texts),
 * which Rolldown's own splitting leaves in thirty-odd files of a kilobyte or two, each shared with some
 * later screen. On a slow line every file costs its headers (~1 kB) and a request on one of the
 * browser's six connections at 400 ms a round trip (docs/benchmarks.md, the slow line).
 *
 * Which modules those are is what Rolldown's splitting says, not the import graph: the graph reaches
 * through every barrel (`antd`, `antd-mobile`, the API refs) to code no first screen runs. So the
 * plugin first builds the app in memory as it would be built without it, takes the modules of the
 * chunks the first screen loads (preloadChunks.ts's `firstScreenChunks`), and groups exactly those.
 * Later screens import what they share with it from that chunk and keep their own.
 */
import { build, type Plugin } from 'vite';
import { firstScreenChunks, type Chunk } from './preloadChunks.ts';
import { isTrialBuild, TRIAL_BUILD_ENV } from './trialBuild.ts';

async function firstScreenModules(configFile: string, roots: RegExp[]): Promise<Set<string>> {
  process.env[TRIAL_BUILD_ENV] = '1';
  try {
    const result = await build({ configFile, logLevel: 'silent', build: { write: false } });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
    const bundle = Object.fromEntries(outputs.map((o) => [o.fileName, o as unknown as Chunk]));
    return new Set(firstScreenChunks(bundle, roots).flatMap((c) => c.moduleIds ?? []));
  } finally {
    delete process.env[TRIAL_BUILD_ENV];
  }
}

/** `configFile`: the app's vite.config.ts (the trial build reads it again); `roots`: the lazy modules of the first screen. */
export function firstScreenChunk(chunkName: string, configFile: string, roots: RegExp[]): Plugin {
  return {
    name: `first-screen-chunk-${chunkName}`,
    apply: (_config, env) => env.command === 'build' && !isTrialBuild(),
    async config() {
      const modules = await firstScreenModules(configFile, roots);
      return {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: chunkName, test: (id: string) => modules.has(id), includeDependenciesRecursively: false }] } },
          },
        },
      };
    },
  };
}
