// The layer rule and the circle check of `npm run lint` (docs/decisions/330-layers-enforced-by-the-linter.md):
// each refuses what it should and lets through what the layers allow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../scripts/lint/import-cycles.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the layer rule (eslint-plugin-boundaries)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  /** The layer errors ESLint gives for `code` written at `file` (the file need not exist). */
  async function layerErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
  }

  it('refuses an import of a layer above', { timeout: 120_000 }, async () => {
    // models -> api (the console server parts that lived in models/resources), models -> seeders.
    expect(await layerErrors('models/scratch.ts', "import { notFound } from '../api/lib/errors.js';\nexport const x = notFound;\n")).toHaveLength(1);
    expect(await layerErrors('models/scratch.ts', "import type { ServerPart } from '../api/console/types.js';\nexport type X = ServerPart;\n")).toHaveLength(1);
    // api -> seeders and api -> portal (what the composition root in scripts/ does instead).
    expect(await layerErrors('api/scratch.ts', "import { seedDemo } from '../seeders/demo.js';\nexport const x = seedDemo;\n")).toHaveLength(1);
    expect(await layerErrors('api/scratch.ts', "import { portalMount } from '../portal/server/mount.js';\nexport const x = portalMount;\n")).toHaveLength(1);
    // Inside api: a service does not import the job registry that imports the services.
    expect(await layerErrors('api/services/platform/scratch.ts', "import { startJobs } from '../../jobs/index.js';\nexport const x = startJobs;\n")).toHaveLength(1);
    // config is the ground floor.
    expect(await layerErrors('config/scratch.ts', "import { User } from '../models/index.js';\nexport const x = User;\n")).toHaveLength(1);
  });

  it('refuses server-only code in browser code, and lets the shared modules and types through', { timeout: 120_000 }, async () => {
    expect(await layerErrors('admin/src/scratch.ts', "import { User } from '../../models/index.js';\nexport const x = User;\n")).toHaveLength(1);
    expect(await layerErrors('admin/src/scratch.ts', "import { loadSettings } from '../../config/settings.js';\nexport const x = loadSettings;\n")).toHaveLength(1);
    expect(await layerErrors('portal/app/components/scratch.ts', "import { createShop } from '../../../api/services/offers/shops.service.js';\nexport const x = createShop;\n")).toHaveLength(1);
    // A browser-safe rule may not lean on a Sequelize model either.
    expect(await layerErrors('models/rules/scratch.ts', "import { User } from '../user.model.js';\nexport const x = User;\n")).toHaveLength(1);
    expect(
      await layerErrors(
        'admin/src/scratch.ts',
        [
          "import { RESOURCES } from '../../models/resources/index.js';",
          "import { t } from '../../config/i18n/index.js';",
          "import { billingSchema } from '../../api/services/billing/subscriptions.schema.js';",
          "import type { AppDeps } from '../../api/deps.js';",
          'export const x = [RESOURCES, t, billingSchema];',
          'export type Y = AppDeps;',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await layerErrors('scripts/scratch.ts', "import { seedDemo } from '../seeders/demo.js';\nimport { portalMount } from '../portal/server/mount.js';\nexport const x = [seedDemo, portalMount];\n"),
    ).toEqual([]);
  });
});

describe('the circle check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, code: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  };

  it('finds a circle closed by a type import, and none once the shared name has a module of its own', () => {
    write('api/app.ts', "import { routes } from './routes/index.js';\nexport interface AppDeps { a: number }\nexport const app = routes;\n");
    write('api/routes/index.ts', "import type { AppDeps } from '../app.js';\nexport const routes = (d: AppDeps) => d;\n");
    write('api/lib/alone.ts', 'export const alone = 1;\n');
    const cycles = findCycles(importGraph(dir, ['api']));
    expect(cycles.map((c) => c.map((f) => path.relative(dir, f)))).toEqual([['api/app.ts', 'api/routes/index.ts']]);

    write('api/deps.ts', 'export interface AppDeps { a: number }\n');
    write('api/app.ts', "import { routes } from './routes/index.js';\nexport const app = routes;\n");
    write('api/routes/index.ts', "import type { AppDeps } from '../deps.js';\nexport const routes = (d: AppDeps) => d;\n");
    expect(findCycles(importGraph(dir, ['api']))).toEqual([]);
  });

  it('follows dynamic imports', () => {
    write('portal/call.ts', "export const CAPTURE = 1;\nexport const load = () => import('./twilio.js');\n");
    write('portal/twilio.ts', "import { CAPTURE } from './call.js';\nexport const x = CAPTURE;\n");
    expect(findCycles(importGraph(dir, ['portal']))).toHaveLength(1);
  });
});
