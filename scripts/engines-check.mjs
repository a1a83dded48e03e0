/**
 * Every package the lock file installs runs on the Node.js versions the product supports (package.json
 * "engines": 20.19 and later; 22 from 22.13, and 24): a dependency whose own "engines" leaves one of them out fails
 * the lint step, with the package that pulled it in. npm only warns about such a package (EBADENGINE).
 */
import fs from 'node:fs';
import semver from 'semver';

const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];
const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const problems = [];
for (const [where, pkg] of Object.entries(lock.packages)) {
  const range = pkg.engines?.node;
  if (!where || !range || pkg.link) continue;
  const left = SUPPORTED.filter((v) => !semver.satisfies(v, range, { includePrerelease: true }));
  if (left.length) problems.push(`${where}@${pkg.version} needs node ${range} (not ${left.join(', ')})`);
}
if (problems.length) {
  console.error(`Dependencies that do not run on every supported Node.js version:\n  ${problems.join('\n  ')}`);
  console.error('Pin the package that pulls each in to a version without it (package.json, or "overrides").');
  process.exit(1);
}
console.log(`engines check passed: ${Object.keys(lock.packages).length - 1} packages run on Node ${SUPPORTED.join(', ')}`);
