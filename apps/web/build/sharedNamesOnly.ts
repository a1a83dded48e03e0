import fs from 'node:fs';
import type { Plugin } from 'vite';

/** The catalogue keys the player app takes its names from (`src/lib/i18n/sharedNames.ts`): games and room tiers. */
export const SHARED_NAME_PREFIXES = ['game.', 'room.tier.'];

/**
 * `@lucky28/shared/messages/<lang>.json?names` is that catalogue with only the shared names in it.
 * The app needs those few names on its first screen; the whole catalogue (the server's ~200
 * messages) would add about 4 KB gzipped to it (docs/design.md#performance-budgets).
 */
export function sharedNamesOnly(): Plugin {
  return {
    name: 'lucky28:shared-names-only',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'names' || !file!.endsWith('.json')) return null;
      const all = JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<string, string>;
      const picked = Object.fromEntries(Object.entries(all).filter(([key]) => SHARED_NAME_PREFIXES.some((p) => key.startsWith(p))));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
