import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, callsOf, referenceMarkdown, refsFiles } from '@lucky28/shared';
import { describe, expect, it } from 'vitest';
import { contractProblems } from '../src/http/contractCheck.js';
import { createTestApp } from './helpers.js';

const repoFile = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));

describe('the API contract and the server', () => {
  it('every route is declared in the contract and every declared call has its route, guarded as declared', async () => {
    const app = await createTestApp();
    expect(contractProblems(app.apiRoutes, callsOf(api))).toEqual([]);
  });

  it("the clients' call modules and docs/api.md are generated from the contract and up to date (npm run api:generate)", () => {
    const files = refsFiles(api);
    expect(fs.readdirSync(repoFile('packages/shared/src/api/refs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) expect(fs.readFileSync(repoFile(`packages/shared/src/api/refs/${name}`), 'utf8'), name).toBe(text);
    expect(fs.readFileSync(repoFile('docs/api.md'), 'utf8')).toBe(referenceMarkdown(api));
  });
});
