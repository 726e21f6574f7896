// Compiles the server (scripts/server.ts and everything of ours it imports) to one JavaScript file,
// build/server/index.js, with esbuild: `npm start` then runs plain Node instead of TypeScript
// through tsx (docs/decisions/100-compiled-server.md). Packages stay outside the bundle, loaded
// from node_modules as usual; the portal's own build is imported at run time, as before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(ROOT, 'build/server');
export const SERVER_OUT = path.join(SERVER_OUT_DIR, 'index.js');

/**
 * Our modules find their files next to their source (`path.join(import.meta.dirname, 'assets')`).
 * Bundled, every module would share the bundle's own folder, so each use is rewritten to the
 * source file's folder, expressed relative to the bundle: the build still works when the checkout
 * moves.
 */
const importMetaPaths: Plugin = {
  name: 'import-meta-paths',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const ext = path.extname(args.path).slice(1);
      const loader = (ext.startsWith('c') || ext.startsWith('m') ? ext.slice(1) : ext) as 'js' | 'ts' | 'jsx' | 'tsx';
      if (!/\bimport\.meta\.(dirname|filename|url)\b/.test(source)) return { contents: source, loader };
      const toPosix = (p: string) => p.split(path.sep).join('/');
      const relDir = toPosix(path.relative(SERVER_OUT_DIR, path.dirname(args.path))) || '.';
      const relFile = toPosix(path.relative(SERVER_OUT_DIR, args.path));
      const url = (rel: string) => `new URL(${JSON.stringify(rel)}, import.meta.url)`;
      const contents =
        `import { fileURLToPath as __bundleFileURLToPath } from 'node:url';\n` +
        source.replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_m, what: string) => {
          if (what === 'dirname') return `__bundleFileURLToPath(${url(`${relDir}/`)}).replace(/\\/$/, '')`;
          if (what === 'filename') return `__bundleFileURLToPath(${url(relFile)})`;
          return `${url(relFile)}.href`;
        });
      return { contents, loader };
    });
  },
};

export async function buildServer(): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['scripts/server.ts'],
    outfile: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Keep class and function names: logs and error names read them.
    keepNames: true,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [importMetaPaths],
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().catch((e) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}
