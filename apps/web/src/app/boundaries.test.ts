import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration, run on snippets placed at paths of the player app. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', filePath) });
  return result!.messages.map((m) => `${m.ruleId}`);
}

describe('import boundaries of the player app (eslint.config.js)', { timeout: 30_000 }, () => {
  // Loading the configuration and its plugins takes seconds on a busy machine: once, up front.
  beforeAll(() => problems('lib/warmUp.ts', 'export {};\n'), 120_000);

  it('refuses a feature importing another feature, statically or lazily', async () => {
    expect(
      await problems(
        'features/home/components/X.tsx',
        "import { SupportButton } from '../../support/components/SupportButton';\nexport const x = SupportButton;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
    expect(await problems('features/personal/components/X.tsx', "export const load = () => import('../../support/components/SupportButton');\n")).toEqual([
      'import/no-restricted-paths',
    ]);
  });

  it('refuses shared code importing a feature, and a feature importing the app', async () => {
    expect(await problems('lib/x.ts', "import { useHome } from '../features/home/api/home';\nexport const x = useHome;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(await problems('components/X.tsx', "import { appRoutes } from '../app/routes';\nexport const x = appRoutes;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
    expect(await problems('features/home/components/X.tsx', "import { appRoutes } from '../../../app/routes';\nexport const x = appRoutes;\n")).toEqual([
      'import/no-restricted-paths',
    ]);
  });

  it("refuses a feature's model/ importing its api/ or components/, and its api/ importing its components/", async () => {
    expect(
      await problems('features/wallet/model/x.ts', "import { RechargeScreen } from '../components/RechargeScreen';\nexport const x = RechargeScreen;\n"),
    ).toEqual(['import/no-restricted-paths']);
    expect(
      await problems('features/wallet/model/x.ts', "import { rechargeInfoQueryOptions } from '../api/wallet';\nexport const x = rechargeInfoQueryOptions;\n"),
    ).toEqual(['import/no-restricted-paths']);
    expect(
      await problems('features/wallet/api/x.ts', "import { RechargeScreen } from '../components/RechargeScreen';\nexport const x = RechargeScreen;\n"),
    ).toEqual(['import/no-restricted-paths']);
    expect(await problems('features/wallet/components/X.tsx', "import { LEDGER_TYPES } from '../model/ledger';\nexport const x = LEDGER_TYPES;\n")).toEqual([]);
  });

  it('allows a feature its own modules and the shared code, and the app every feature', async () => {
    const ownAndShared =
      "import { useHome } from '../api/home';\nimport { Page } from '../../../components/Page';\nimport { useSession } from '../../../lib/session';\nexport const x = [useHome, Page, useSession];\n";
    expect(await problems('features/home/components/X.tsx', ownAndShared)).toEqual([]);
    expect(
      await problems(
        'app/screens/X.tsx',
        "import { SupportButton } from '../../features/support/components/SupportButton';\nexport const x = SupportButton;\n",
      ),
    ).toEqual([]);
  });

  it('allows `any` in tests only', async () => {
    expect(await problems('features/home/components/X.test.tsx', 'export const x: any = 1;\n')).toEqual([]);
    expect(await problems('features/home/components/X.tsx', 'export const x: any = 1;\n')).toEqual(['@typescript-eslint/no-explicit-any']);
  });
});
