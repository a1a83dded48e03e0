import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration, run on snippets placed at paths of the console. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/admin/src', filePath) });
  return result!.messages.map((m) => `${m.ruleId}`);
}

describe('import boundaries of the operator console (eslint.config.js)', { timeout: 30_000 }, () => {
  // Loading the configuration and its plugins takes seconds on a busy machine: once, up front.
  beforeAll(() => problems('lib/warmUp.ts', 'export {};\n'), 120_000);

  it('refuses a feature importing another feature, statically or lazily', async () => {
    expect(await problems('features/settings/components/X.tsx', "import { useSignOut } from '../../auth/api/auth';\nexport const x = useSignOut;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(await problems('features/users/components/X.tsx', "export const load = () => import('../../queues/components/ReviewQueue');\n")).toEqual([
      'import/no-restricted-paths',
    ]);
  });

  it('refuses shared code importing a feature, and a feature importing the app', async () => {
    expect(await problems('lib/x.ts', "import { useSignOut } from '../features/auth/api/auth';\nexport const x = useSignOut;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(await problems('components/X.tsx', "import { consoleRoutes } from '../app/routes';\nexport const x = consoleRoutes;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(
      await problems('test/x.ts', "import { SettingsPage } from '../features/settings/components/SettingsPage';\nexport const x = SettingsPage;\n"),
    ).toEqual(['import/no-restricted-paths']);
    expect(await problems('features/queues/components/X.tsx', "import { Shell } from '../../../app/Shell';\nexport const x = Shell;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
  });

  it("refuses a feature's model/ importing its api/ or components/, and its api/ importing its components/", async () => {
    expect(
      await problems('features/campaigns/model/x.ts', "import { CampaignsPage } from '../components/CampaignsPage';\nexport const x = CampaignsPage;\n"),
    ).toEqual(['import/no-restricted-paths']);
    expect(await problems('features/campaigns/model/x.ts', "import { useCampaigns } from '../api/campaigns';\nexport const x = useCampaigns;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(
      await problems('features/campaigns/api/x.ts', "import { CampaignsPage } from '../components/CampaignsPage';\nexport const x = CampaignsPage;\n"),
    ).toEqual(['import/no-restricted-paths']);
    expect(await problems('features/campaigns/components/X.tsx', "import { blankTerms } from '../model/termsForm';\nexport const x = blankTerms;\n")).toEqual(
      [],
    );
  });

  it('refuses the player app’s sources', async () => {
    expect(await problems('lib/x.ts', "import { api } from '../../../web/src/lib/api/client';\nexport const x = api;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
  });

  it('allows a feature its own modules and the shared code, and the app every feature', async () => {
    const ownAndShared =
      "import { useSignOut } from '../api/auth';\nimport { QueryState } from '../../../components/QueryState';\nimport { can, useMe } from '../../../lib/operator';\nexport const x = [useSignOut, QueryState, can, useMe];\n";
    expect(await problems('features/auth/components/X.tsx', ownAndShared)).toEqual([]);
    expect(
      await problems(
        'app/X.tsx',
        "import { useSignOut } from '../features/auth/api/auth';\nexport const load = () => import('../features/games/components/GamesPage');\nexport const x = useSignOut;\n",
      ),
    ).toEqual([]);
  });

  it('allows `any` in tests only', async () => {
    expect(await problems('features/users/X.test.tsx', 'export const x: any = 1;\n')).toEqual([]);
    expect(await problems('features/users/X.tsx', 'export const x: any = 1;\n')).toEqual(['@typescript-eslint/no-explicit-any']);
  });
});
