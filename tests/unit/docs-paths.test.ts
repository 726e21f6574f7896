// The docs match the tree (issue 25, "Decision records"): every repository path that a page of
// docs/ names in backticks exists, and every decision record has its line in the index,
// docs/decisions/README.md, with a status. A file moved or removed without its docs fails here.
//
// What counts as a repository path, in an inline code span of one word (fenced blocks are commands
// and samples, not references):
// - it starts with a top-level entry of the repository (`api/…`, `tests/…`, `package.json`), or
// - it has a slash and an extension (`lib/meta.ts`): written relative to nothing, it must be given
//   from the root (or from the page's own folder);
// except addresses (`/apis/…`, `https://…`), storage keys (`picture/1a2b.png`, `cv/…`: data, not
// files), what the build or a run writes (the folders .gitignore names: `build/…`, `var/…`) and the
// specifications handed with the brief (`spec/…`, outside the repository).
// `*`, `**`, `<name>`, `{id}` stand for any name (at least one file must match); `{fr,nl,en}` lists
// names that must all exist. A file that no longer exists is named as history in plain text, not in
// backticks; a record the index marks superseded as a whole keeps its text as it was.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DECISIONS = 'docs/decisions';
const INDEX = `${DECISIONS}/README.md`;

/** Files of the tree (tracked, and new ones not ignored) and every folder above them. */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
const ENTRIES = new Set(FILES.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
const TOP = new Set(FILES.map((f) => f.split('/')[0]));

/** Folders a run or the build writes (.gitignore's `name/` lines), and where stored files' keys start. */
const GENERATED = fs
  .readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => /^[\w.-]+\/$/.test(l))
  .map((l) => l.slice(0, -1));
const STORAGE_KEYS = ['picture', 'avatar', 'cv', 'story', 'landing', 'logo'];
const OUTSIDE = ['spec', ...GENERATED, ...STORAGE_KEYS];

const docs = FILES.filter((f) => f.startsWith('docs/') && f.endsWith('.md'));

/** The one-word inline code spans of a page, outside fenced blocks. */
function spans(text: string): string[] {
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...prose.matchAll(/(`+)([^`\n]+?)\1/g)].map((m) => m[2].trim()).filter((s) => s && !/\s/.test(s));
}

/** The repository path a span names, or null when it names something else. */
export function repoPath(span: string): string | null {
  // A trailing line number or anchor (`api/app.ts:42`, `docs/deploy.md#tls`) and punctuation.
  const s = span.replace(/[),.;:]+$/, '').replace(/(?::\d+(?:-\d+)?|#[\w-]+)$/, '');
  if (!s || s.includes('://') || s.startsWith('/') || s.startsWith('@') || s.startsWith('-') || /^\.\.?\//.test(s)) return null;
  const first = s.split('/')[0];
  if (OUTSIDE.includes(first)) return null;
  if (TOP.has(first) && (s.includes('/') || ENTRIES.has(s))) return s;
  if (s.includes('/') && /\.[A-Za-z][A-Za-z0-9]*$/.test(s.split('/').pop()!)) return s;
  return null;
}

/** `{a,b}` alternatives expanded (each must exist). */
function expand(p: string): string[] {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(p);
  if (!m) return [p];
  return m[1].split(',').flatMap((alt) => expand(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

/** Whether a path (wildcards allowed) names at least one entry of the tree, from the root or from `dir`. */
export function exists(p: string, dir: string): boolean {
  const wild = /[*<{]/.test(p);
  const candidates = [p, path.posix.normalize(path.posix.join(dir, p))].map((c) => c.replace(/\/$/, ''));
  if (!wild) return candidates.some((c) => ENTRIES.has(c));
  const pattern = (c: string) =>
    new RegExp(
      `^${c
        .split(/(\*\*\/|\*\*|\*|<[^>]+>|\{[^}]+\})/)
        .map((part, i) => (i % 2 ? ({ '**/': '(?:.*/)?', '**': '.*' }[part] ?? '[^/]+') : part.replace(/[.+?^$()|[\]\\]/g, '\\$&')))
        .join('')}$`,
    );
  return candidates.some((c) => {
    const re = pattern(c);
    for (const e of ENTRIES) if (re.test(e)) return true;
    return false;
  });
}

/** The index's lines: file name and status of each record. */
function indexLines(): { number: string; file: string; status: string; line: string }[] {
  const text = fs.readFileSync(path.join(ROOT, INDEX), 'utf8');
  return [...text.matchAll(/^\|\s*(\d{3})\s*\|\s*\[[^\]]+\]\(([^)]+)\)\s*\|([^|\n]*)\|\s*([^|\n]+?)\s*\|\s*$/gm)].map((m) => ({
    number: m[1],
    file: m[2],
    status: m[4],
    line: m[0],
  }));
}

const STATUS = /^(accepted|amended|amended by \d{3}(, \d{3})*|superseded by \d{3}|superseded in part by \d{3}(, \d{3})*)$/;

describe('docs name files that exist', () => {
  it('finds the pages and recognises what is a repository path', () => {
    expect(docs.length).toBeGreaterThan(100);
    expect(repoPath('api/auth/access.ts')).toBe('api/auth/access.ts');
    expect(repoPath('lib/meta.ts')).toBe('lib/meta.ts');
    expect(repoPath('package.json')).toBe('package.json');
    expect(repoPath('models/resources/<name>/resource.ts')).toBe('models/resources/<name>/resource.ts');
    for (const other of [
      '/apis/auth/login',
      'https://example.test/a.js',
      'picture/1a2b3c4d.png',
      'build/server/index.js',
      'spec/back-office.md',
      'isManager',
      'offers.job_code',
      'EUR',
      '@remix-run/node',
      'text/html',
    ])
      expect(repoPath(other), other).toBeNull();
    expect(exists('api/auth/access.ts', 'docs')).toBe(true);
    expect(exists('api/auth/scope.ts', 'docs')).toBe(false);
    expect(exists('models/resources/<name>/resource.ts', 'docs')).toBe(true);
    expect(exists('models/resources/<name>/nothing.ts', 'docs')).toBe(false);
    expect(exists('config/i18n/{fr,nl,en}.ts', 'docs')).toBe(true);
    expect(exists('config/i18n/{fr,xx}.ts', 'docs') && exists('config/i18n/xx.ts', 'docs')).toBe(false);
    expect(exists('tests/e2e/**/*.test.ts', 'docs')).toBe(true);
    expect(exists('tests/cluster/**/*.test.ts', 'docs')).toBe(true);
  });

  it('every path named in backticks in docs/ exists', () => {
    const whole = new Set(
      indexLines()
        .filter((l) => /^superseded by/.test(l.status))
        .map((l) => path.posix.join(DECISIONS, l.file)),
    );
    const missing: string[] = [];
    for (const doc of docs) {
      if (whole.has(doc)) continue;
      const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
      for (const span of spans(text)) {
        const p = repoPath(span);
        if (p && !expand(p).every((one) => exists(one, path.posix.dirname(doc)))) missing.push(`${doc}: \`${span}\``);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('the decision records have an index', () => {
  const records = fs
    .readdirSync(path.join(ROOT, DECISIONS))
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort();

  it('lists every record once, in order, with a line and a status', () => {
    const lines = indexLines();
    const listed = lines.map((l) => l.file);
    expect(listed.filter((f, i) => listed.indexOf(f) !== i)).toEqual([]);
    // A new record needs its line: "| NNN | [Title](NNN-title.md) | One line. | accepted |".
    expect(records.filter((r) => !listed.includes(r))).toEqual([]);
    expect(listed.filter((f) => !records.includes(f))).toEqual([]);
    expect(listed).toEqual([...listed].sort());
    for (const l of lines) {
      expect(l.status, l.line).toMatch(STATUS);
      expect(l.file.startsWith(`${l.number}-`), l.line).toBe(true);
      const cells = l.line.split('|').slice(2, -2);
      expect(cells.length, l.line).toBe(2);
      for (const cell of cells) expect(cell.trim().length, l.line).toBeGreaterThan(3);
    }
  });

  it('says in each record what the index says of it', () => {
    for (const l of indexLines()) {
      const text = fs.readFileSync(path.join(ROOT, DECISIONS, l.file), 'utf8').replace(/\s+/g, ' ');
      const [, kind, numbers] = /^(superseded|superseded in part|amended)(?: by (.*))?$/.exec(l.status) ?? [];
      if (!kind) continue;
      // The record says so, naming each later record (which exists); an amendment without a number says "Amended".
      const word = kind === 'amended' ? '(?:amended|revised|update)' : 'supersed';
      if (!numbers) expect(text, l.file).toMatch(/Amended/);
      for (const n of numbers?.split(', ') ?? []) {
        expect(text, `${l.file}: ${l.status}`).toMatch(new RegExp(`${word}.{0,300}\\b${n}\\b|\\b${n}\\b.{0,120}${word}`, 'i'));
        expect(
          records.some((r) => r.startsWith(`${n}-`)),
          l.line,
        ).toBe(true);
      }
    }
  });
});
