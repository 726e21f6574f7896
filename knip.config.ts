// knip: unused files, exports, types and dependencies (issue 25). Part of `npm run lint`, so an
// export nobody imports, a file nothing reaches or a package nothing uses fails the build.
// The entry points are what starts code: package.json scripts (api/server.ts, api/worker.ts,
// models/cli.ts, seeders/volume.ts, found by knip itself), plus what is started another way:
// command-line tools, scripts, the two Vite apps, test files and the child processes tests spawn.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Command-line tools and maintenance scripts, run with tsx by hand or by npm scripts.
    'api/cli/*.ts',
    'scripts/*.ts',
    // The portal: Remix's Vite plugin finds the root, the entries and the routes in portal/app
    // (knip's Remix plugin looks in ./app only).
    'portal/app/root.tsx',
    'portal/app/entry.{client,server}.tsx',
    'portal/app/routes/*.{ts,tsx}',
    // Tests, benchmarks, and the programs tests start in a child process by path.
    'tests/**/*.test.ts',
    'tests/bench/*.bench.ts',
    'tests/bench/bare-server.ts',
    'tests/bench/bare-ssr-server.tsx',
    'tests/helpers/claim-jobs.ts',
    'tests/helpers/invitation-worker.ts',
    'tests/helpers/webhook-worker.ts',
    'tests/helpers/finish-received.ts',
    'tests/types/*.d.ts',
    // Reached through admin/vite.config.ts's alias of @popperjs/core (decision 398), not an import.
    'admin/src/shims/popper-on-demand.ts',
  ],
  project: ['{api,models,seeders,config,portal,admin,scripts,tests}/**/*.{ts,tsx}', '*.{ts,js}'],
  vite: { config: ['admin/vite.config.ts', 'portal/vite.config.ts'] },
  ignoreDependencies: [
    // Pinned so that MUI and react-admin share React 18's copy (package.json overrides, STACK.md).
    'react-is',
    // MUI's own dependency, which admin/src/shims/popper-on-demand.ts loads on MUI's behalf: the
    // version is the one MUI asks for, not ours to pin (decision 398).
    '@popperjs/core',
  ],
  // A name exported and used in its own module is not dead (it documents the module's surface).
  ignoreExportsUsedInFile: true,
};

export default config;
