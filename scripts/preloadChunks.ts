/**
 * A Vite plugin that preloads, from the built page, the chunks of the modules named (and the chunks
 * they import): code loaded lazily that the first screen needs anyway — the console's sign-in, the
 * player app's home. Without it the browser asks for them only once the entry has downloaded and run:
 * on a slow line, a second wave of round trips after the first (docs/benchmarks.md, the slow line).
 */
interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
}

export function preloadChunks(name: string, modules: RegExp[]) {
  let base = '/';
  return {
    name,
    apply: 'build' as const,
    configResolved(config: { base: string }) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, ctx: { bundle?: Record<string, unknown> }) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Chunk => (c as Chunk).type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) add(imported);
        };
        for (const c of chunks) if (c.facadeModuleId && modules.some((m) => m.test(c.facadeModuleId!))) add(c.fileName);
        return [...files]
          .filter((f) => !html.includes(`${base}${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}
