// The README's two start commands, run as a newcomer runs them (through npm, on a fresh SQLite
// database with the demo): `npm start` serves the production build, `npm run dev` the development
// server. Each answers /readyz and the README's demo offer CAFE75 through the API. The global
// setup has built what `npm start` would build, so its build step has nothing left to do here.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../config/settings.js';
import { freePort } from '../helpers/ports.js';

let running: { child: ChildProcess; dir: string } | undefined;

afterEach(async () => {
  if (!running) return;
  const { child, dir } = running;
  running = undefined;
  // npm starts a shell that starts node: the whole process group we started goes, by its pid.
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  }
  // npm may exit before its grandchildren (tsx watch, then the server) have: they still write into
  // the folder (one CI run failed its removal with ENOTEMPTY). Wait for the whole group to be gone.
  await groupGone(child.pid!);
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

async function groupGone(pgid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const until = Date.now() + 10_000;
  while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-pgid, 'SIGKILL');
}

async function npmRun(script: string[]): Promise<{ base: string; output: () => string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-readme-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  // What the developer's shell would not have: the test runner's own mode.
  const { NODE_ENV: _mode, VITEST: _vitest, ...shell } = process.env;
  const env = {
    ...shell,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dir, 'app.sqlite')}`,
    STORAGE_DIR: path.join(dir, 'storage'),
    MAIL_DIR: path.join(dir, 'mail'),
  };
  const child = spawn('npm', script, { cwd: ROOT_DIR, env: env as unknown as NodeJS.ProcessEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  running = { child, dir };
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm ${script.join(' ')} exited ${child.exitCode}:\n${output}`);
    const res = await fetch(`${base}/readyz`).catch(() => null);
    if (res?.status === 200) return { base, output: () => output };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`npm ${script.join(' ')} did not get ready in 120 s:\n${output}`);
}

async function expectDemoOffer(base: string) {
  const res = await fetch(`${base}/apis/list-offers/CAFE75`);
  expect(res.status).toBe(200);
  expect(JSON.stringify(await res.json())).toContain('CAFE75');
  // The README's demo draft: through the API and its wizard page (half filled: "welcome back").
  const draft = await fetch(`${base}/apis/draft-offer/demo-draft-maison-0001`);
  expect(draft.status).toBe(200);
  expect(((await draft.json()) as { offer_json: { title?: string } }).offer_json.title).toBeTruthy();
  const wizard = await fetch(`${base}/draft/offer/demo-draft-maison-0001`, { headers: { 'accept-language': 'fr' } });
  expect(wizard.status).toBe(200);
  expect(await wizard.text()).toContain('Bon retour !');
}

describe("the README's start commands", () => {
  it('npm start: the production server with the demo', async () => {
    const { base, output } = await npmRun(['start']);
    await expectDemoOffer(base);
    // A short banner with the addresses and the demo sign-ins (decision 291), and nothing long before it.
    const url = `http://localhost:${new URL(base).port}`;
    await expect.poll(() => output(), { timeout: 5000 }).toContain(`Ready on ${url}`);
    const text = output();
    for (const part of ['/admin', '/manager', '/dashboard']) expect(text).toContain(`${url}${part} `);
    expect(text).toContain(`${url}/ `);
    for (const email of ['admin@demo.test', 'manager@demo.test', 'recruiter@demo.test']) expect(text).toContain(email);
    expect(text).toContain('password demo1234');
    expect(text.trim().split('\n').length).toBeLessThanOrEqual(20);
    // Production mode: an error page carries no stack (decision 101).
    const page = await (await fetch(`${base}/privacy`, { method: 'POST', headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' })).text();
    expect(page).not.toMatch(/\n\s+at [^\n]+\(/);
  });

  it('npm run dev: the development server with the demo', async () => {
    const { base } = await npmRun(['run', 'dev']);
    await expectDemoOffer(base);
  });
});
