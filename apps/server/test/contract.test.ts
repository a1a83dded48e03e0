import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, callsOf, defineCall, memberAccess, noData, noInput, referenceMarkdown, refsFiles } from '@lucky28/shared';
import { describe, expect, it } from 'vitest';
import { contractProblems } from '../src/http/contractCheck.js';
import { createTestApp } from './helpers.js';

const repoFile = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));

describe('the API contract and the server', () => {
  it('every route is declared in the contract and every declared call has its route, guarded as declared', async () => {
    const app = await createTestApp();
    expect(contractProblems(app.apiRoutes, callsOf(api))).toEqual([]);
  });

  it('the app refuses to start when a route is not declared in the contract', async () => {
    const contract = callsOf(api).filter((c) => c.name !== 'lottery.playOrder');
    await expect(createTestApp({ contract })).rejects.toThrow(/POST \/api\/Lottery\/playOrder is a route the API contract does not declare/);
  });

  it('the app refuses to start when a declared call has no route, or a route is guarded otherwise than declared', async () => {
    const ghost = {
      ...defineCall({ method: 'POST', path: '/api/user/ghost', access: memberAccess, summary: 'A call no route answers.', input: noInput, answer: noData }),
      name: 'user.ghost',
    };
    await expect(createTestApp({ contract: [...callsOf(api), ghost] })).rejects.toThrow(
      /user\.ghost \(POST \/api\/user\/ghost\) is declared in the contract but no route answers it/,
    );
    const loosened = callsOf(api).map((c) => (c.name === 'wallet.withdrawAction' ? { ...c, access: { who: 'public' as const } } : c));
    await expect(createTestApp({ contract: loosened })).rejects.toThrow(
      /POST \/api\/user\/withdrawAction: the contract lets in 'public' but the route's guard is 'member'/,
    );
  });

  it("the clients' call modules and docs/api.md are generated from the contract and up to date (npm run api:generate)", () => {
    const files = refsFiles(api);
    expect(
      fs
        .readdirSync(repoFile('packages/shared/src/api/refs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .sort(),
    ).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) expect(fs.readFileSync(repoFile(`packages/shared/src/api/refs/${name}`), 'utf8'), name).toBe(text);
    expect(fs.readFileSync(repoFile('docs/api.md'), 'utf8')).toBe(referenceMarkdown(api));
  });
});
