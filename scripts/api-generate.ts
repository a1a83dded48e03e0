/** Writes the files generated from the API contract: the clients' call modules and docs/api.md. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '../packages/shared/src/api/index.js';
import { referenceMarkdown, refsFiles } from '../packages/shared/src/api/generate.js';

const at = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const refsDir = at('packages/shared/src/api/refs');
fs.rmSync(refsDir, { recursive: true, force: true });
fs.mkdirSync(refsDir, { recursive: true });
for (const [name, text] of Object.entries(refsFiles(api))) {
  fs.mkdirSync(path.dirname(`${refsDir}/${name}`), { recursive: true });
  fs.writeFileSync(`${refsDir}/${name}`, text);
}
fs.mkdirSync(at('docs'), { recursive: true });
fs.writeFileSync(at('docs/api.md'), referenceMarkdown(api));
console.log('wrote packages/shared/src/api/refs/ and docs/api.md');
