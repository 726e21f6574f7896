// Part of `npm run lint`: fails when our source files import each other in a circle (type imports and
// dynamic imports count too), printing each circle with the import that closes it. The layer rule in
// eslint.config.js keeps imports pointing down between layers; this keeps them from looping inside
// one (docs/decisions/330-layers-enforced-by-the-linter.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The layers' folders; tests may import anything and are left out. */
export const SOURCE_DIRS = ['config', 'models', 'api', 'seeders', 'portal', 'admin', 'scripts'];
const SKIP = new Set(['node_modules', 'build', 'public', 'media']);
const SOURCE = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sourceFiles(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file a relative import names (`./x.js` is x.ts or x.tsx, as TypeScript's Bundler resolution finds it). */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const abs = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  const stem = abs.replace(/\.(m|c)?jsx?$/, '');
  for (const c of [`${stem}.ts`, `${stem}.tsx`, abs, `${abs}.ts`, `${abs}.tsx`, path.join(abs, 'index.ts'), path.join(abs, 'index.tsx')]) {
    if (SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** Every import between our files: file -> the files it imports. */
export function importGraph(root = ROOT, dirs = SOURCE_DIRS): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of the graph: each strongly connected group of two files or more, and a file importing itself. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Tarjan's algorithm, iterative: a deep import chain must not overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        if (group.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const cycles = findCycles(graph);
  const rel = (f: string) => path.relative(ROOT, f);
  for (const group of cycles) {
    const members = new Set(group);
    console.error(`import circle of ${group.length} file(s):`);
    for (const f of group) for (const to of graph.get(f) ?? []) if (members.has(to)) console.error(`  ${rel(f)} -> ${rel(to)}`);
  }
  if (cycles.length) {
    console.error(`${cycles.length} import circle(s): move the name both sides need to a module both import (docs/decisions/330-layers-enforced-by-the-linter.md).`);
    process.exit(1);
  }
  console.log(`no import circle among ${graph.size} source files`);
}
