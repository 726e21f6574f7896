// Lint: the recommended JavaScript and TypeScript rules, nothing stylistic (formatting is not a review topic),
// and the layer rule: each layer imports only the layers below it, and browser code imports no
// server-only code (docs/decisions/330-layers-enforced-by-the-linter.md).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers, bottom to top; the first pattern a file matches gives its element. "shared" elements
 * are browser-safe: the consoles and the portal's pages may import them.
 */
const ELEMENTS = [
  { type: 'config-shared', pattern: ['config/i18n/**', 'config/reference/**'] },
  { type: 'config', pattern: ['config/**'] },
  { type: 'models-shared', pattern: ['models/rules/**', 'models/resources/**'] },
  { type: 'models', pattern: ['models/**'] },
  // The zod schemas next to the services, run by the browser too, and the address types.
  { type: 'api-shared', pattern: ['api/services/*/*.schema.ts', 'api/integrations/address/types.ts'] },
  // Inside api: infrastructure and access < services and the console engine < the job registry < the edge.
  { type: 'api-base', pattern: ['api/lib/**', 'api/integrations/**', 'api/auth/**'] },
  { type: 'api-services', pattern: ['api/services/**', 'api/console/**'] },
  { type: 'api-jobs', pattern: ['api/jobs/**'] },
  { type: 'api-edge', pattern: ['api/**'] },
  { type: 'seeders', pattern: ['seeders/**'] },
  // The portal: its server side, its route modules (Remix keeps their loaders and actions, and what
  // they import from *.server modules, out of the browser bundle, and its build fails otherwise),
  // and its browser code.
  { type: 'portal-server', pattern: ['portal/server/**', 'portal/app/**/*.server.ts', 'portal/app/**/*.server.tsx', 'portal/vite.config.ts'] },
  { type: 'portal-routes', pattern: ['portal/app/routes/**', 'portal/app/root.tsx'] },
  { type: 'portal-browser', pattern: ['portal/app/**'] },
  { type: 'admin-build', pattern: ['admin/vite.config.ts'] },
  { type: 'admin', pattern: ['admin/**'] },
  // The composition root (starts the processes, mounts the API, the portal and the consoles, loads
  // the demo) and the project's tools: they may import everything.
  { type: 'root', pattern: ['scripts/**'] },
  // 'full': each pattern is a glob on the whole path from the root, a file or a folder. (Version 7 marks
  // the option deprecated in favour of folder elements plus file categories; it still works, and one
  // glob per layer reads better here.)
].map((e) => ({ ...e, mode: 'full' }));

const CONFIG = ['config-shared', 'config'];
const MODELS = [...CONFIG, 'models-shared', 'models'];
const API = [...MODELS, 'api-shared', 'api-base', 'api-services', 'api-jobs', 'api-edge'];
const BROWSER_SAFE = ['config-shared', 'models-shared', 'api-shared'];
const EVERYTHING = [...API, 'seeders', 'portal-server', 'portal-routes', 'portal-browser', 'admin-build', 'admin', 'root'];

/** What each element may import (values and types); `types` adds what it may import as types only. */
const MAY_IMPORT = {
  'config-shared': { values: ['config-shared'] },
  config: { values: CONFIG },
  'models-shared': { values: ['config-shared', 'models-shared'], types: MODELS },
  models: { values: MODELS },
  'api-shared': { values: [...BROWSER_SAFE], types: API },
  'api-base': { values: [...MODELS, 'api-shared', 'api-base'] },
  'api-services': { values: [...MODELS, 'api-shared', 'api-base', 'api-services'] },
  'api-jobs': { values: [...MODELS, 'api-shared', 'api-base', 'api-services', 'api-jobs'] },
  'api-edge': { values: API },
  seeders: { values: [...API, 'seeders'] },
  'portal-server': { values: [...API, 'portal-server', 'portal-routes', 'portal-browser'] },
  'portal-routes': { values: [...BROWSER_SAFE, 'portal-server', 'portal-routes', 'portal-browser'], types: API },
  'portal-browser': { values: [...BROWSER_SAFE, 'portal-browser'], types: [...API, 'portal-server'] },
  'admin-build': { values: [...CONFIG] },
  // The consoles share the portal's story player (browser code of the same layer).
  admin: { values: [...BROWSER_SAFE, 'portal-browser', 'admin'], types: API },
  root: { values: EVERYTHING },
};

const policies = Object.entries(MAY_IMPORT).flatMap(([from, { values, types = [] }]) => [
  { from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: values } } } } },
  ...(types.length ? [{ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: types } } }, dependency: { kind: 'type' } } }] : []),
]);

export default tseslint.config(
  { ignores: ['node_modules/**', 'var/**', 'build/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/lint/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['config/**', 'models/**', 'api/**', 'seeders/**', 'portal/**', 'admin/**', 'scripts/**'],
    ignores: ['**/*.cjs'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/legacy-warnings': false,
      'boundaries/include': ['config/**', 'models/**', 'api/**', 'seeders/**', 'portal/**', 'admin/**', 'scripts/**', 'tests/**'],
      'import/resolver': { [path.join(import.meta.dirname, 'scripts/lint/resolve-imports.cjs')]: {} },
    },
    rules: {
      // An import of one of our files that lands in no layer, or above the importer's: an error.
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
      // Every source file belongs to a layer.
      'boundaries/no-unknown-files': 'error',
    },
  },
);
