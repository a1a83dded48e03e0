/**
 * eslint-plugin-import resolver for TypeScript written as ESM: a relative `./x.js` names `./x.ts`
 * (or `.tsx`), as tsc reads it. The node resolver finds neither, and import/no-restricted-paths skips
 * an import it cannot resolve: without this the server's layer zones would check nothing.
 */
const fs = require('node:fs');
const path = require('node:path');

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (!/^\.\.?\//.test(source)) return { found: false };
  const base = path.resolve(path.dirname(file), source).replace(/\.jsx?$/, '');
  for (const ext of ['.ts', '.tsx']) {
    if (fs.existsSync(base + ext)) return { found: true, path: base + ext };
  }
  return { found: false };
};
