/**
 * A Vite plugin that preloads, from the built page, the chunks of the modules named (and the chunks
 * they import), with their stylesheets: code loaded lazily that the first screen needs anyway — the
 * console's sign-in, the player app's home, the default language's texts. Without it the browser asks
 * for them only once the entry has downloaded and run: on a slow line, a second and a third wave of
 * round trips after the first (docs/benchmarks.md, the slow line).
 */
export interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  moduleIds?: string[];
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The chunks a first screen loads: the entries' and those holding a module that matches one of
 * `modules`, with every chunk they import statically.
 */
export function firstScreenChunks(bundle: Record<string, unknown>, modules: RegExp[]): Chunk[] {
  const chunks = Object.values(bundle).filter((c): c is Chunk => (c as Chunk).type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const found = new Map<string, Chunk>();
  const add = (chunk: Chunk | undefined) => {
    if (!chunk || found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const imported of chunk.imports ?? []) add(byFile.get(imported));
  };
  for (const c of chunks) if (c.isEntry) add(c);
  for (const m of modules) {
    const named = chunks.filter((c) => c.moduleIds?.some((id) => m.test(id)));
    // A pattern that names no chunk (a file moved, a module no longer lazy) would silently preload nothing.
    if (named.length === 0) throw new Error(`no chunk is built from a module matching ${m}`);
    named.forEach(add);
  }
  return [...found.values()];
}

/** The first screen's scripts and stylesheets (firstScreenChunks), as addresses. */
export function preloadLinks(bundle: Record<string, unknown>, modules: RegExp[], base: string) {
  const chunks = firstScreenChunks(bundle, modules);
  const styles = new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
  return { scripts: chunks.map((c) => `${base}${c.fileName}`), styles: [...styles].map((f) => `${base}${f}`) };
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
        const { scripts, styles } = preloadLinks(ctx.bundle ?? {}, modules, base);
        const absent = (href: string) => !html.includes(`${href}"`);
        // The stylesheets as stylesheets: the screen needs them to show, and Vite's loader, finding
        // the link in the page, does not ask for them again.
        return [
          ...scripts.filter(absent).map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const })),
          ...styles.filter(absent).map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
