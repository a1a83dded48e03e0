import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { refuse } from './envelope.js';

/** Files the build keeps compressed copies of (scripts/precompress.ts): answers that differ by Accept-Encoding. */
const isCompressible = (file: string) => /\.(m?js|css|html|svg|json|txt|xml|webmanifest)$/.test(file);

/** Whether a front-end app has been built into `dist` (start-up says what it serves from this too). */
export const isAppBuilt = (dist: string): boolean => fs.existsSync(path.join(dist, 'index.html'));

/**
 * Whether a path names a file rather than a screen of the app: anything under its `assets/` folder,
 * or a last segment with an extension (`/favicon.ico`, `/sw.js`). A missing one answers 404: an old
 * page asking for a chunk a new build replaced must not get index.html as its script.
 */
export function isFilePath(url: string, prefix: string): boolean {
  const rest = url.slice(prefix.length);
  return rest.startsWith('assets/') || /\.[A-Za-z0-9]{1,8}$/.test(rest.slice(rest.lastIndexOf('/') + 1));
}

/**
 * Serves the built player app at / and the operator console at /admin/, each with an SPA fallback:
 * a GET for an unknown non-API path answers the app's index.html so deep links work — but a missing
 * file (isFilePath) answers the same 404 envelope as any other unknown path.
 */
export const staticAppsPlugin = fp<{ webDist: string; adminDist: string }>(async (app, opts) => {
  const apps = [
    { prefix: '/admin/', root: opts.adminDist },
    { prefix: '/', root: opts.webDist },
  ].filter((a) => isAppBuilt(a.root));

  apps.forEach((a, i) => {
    app.register(fastifyStatic, {
      root: a.root,
      prefix: a.prefix,
      decorateReply: i === 0,
      // One wildcard route per app, not a route per built file: the files are looked up when asked for
      // (hundreds of routes were a sixth of a second of every start).
      wildcard: true,
      index: ['index.html'],
      // The build writes brotli and gzip copies of its text files (scripts/precompress.ts): the one the
      // browser accepts is sent as it is, the file itself to a browser that accepts neither.
      preCompressed: true,
      // Every file's cache-control is set here (the plugin's own would replace one set in setHeaders).
      cacheControl: false,
      setHeaders(res, sentPath) {
        const filePath = sentPath.replace(/\.(br|gz)$/, '');
        // Hashed assets never change; index.html must always be revalidated; anything else, an hour.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
        // A cache between must keep one answer per encoding (the plugin does not say so itself).
        if (isCompressible(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/');
    if (!isApi && request.method === 'GET') {
      const target = apps.find((a) => url.startsWith(a.prefix) || `${url}/` === a.prefix);
      if (target && !isFilePath(url, target.prefix)) return reply.header('cache-control', 'no-cache').sendFile('index.html', target.root);
    }
    return refuse(request, reply, 'err.not_found', { status: 404 });
  });
});
