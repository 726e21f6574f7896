// A real SAML identity provider on loopback: the saml-idp package in a child process, with a
// certificate and key made by openssl for this run. It stops with close() (and with the test
// process, since it is a child of it).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

const require = createRequire(import.meta.url);

export interface TestIdp {
  url: string;
  ssoUrl: string;
  issuer: string;
  cert: string;
  key: string;
  close(): Promise<void>;
}

/** A self-signed certificate and its key, as the IdP's signing pair. */
export function makeKeyPair(dir: string, cn = 'Test IdP'): { cert: string; key: string } {
  const certFile = path.join(dir, `${cn.replace(/\W/g, '')}-cert.pem`);
  const keyFile = path.join(dir, `${cn.replace(/\W/g, '')}-key.pem`);
  execFileSync('openssl', ['req', '-x509', '-new', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${cn}`, '-keyout', keyFile, '-out', certFile, '-days', '2'], { stdio: 'ignore' });
  return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8') };
}

export async function startIdp(opts: { acsUrl: string; audience: string; issuer?: string }): Promise<TestIdp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-idp-'));
  const { cert, key } = makeKeyPair(dir);
  fs.writeFileSync(path.join(dir, 'cert.pem'), cert);
  fs.writeFileSync(path.join(dir, 'key.pem'), key);
  const issuer = opts.issuer ?? 'urn:test:idp';
  const port = await freePort();
  const env = { ...process.env };
  delete env.PORT;
  delete env.HOST;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      require.resolve('saml-idp/bin/run.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--cert',
      path.join(dir, 'cert.pem'),
      '--key',
      path.join(dir, 'key.pem'),
      '--issuer',
      issuer,
      '--acsUrl',
      opts.acsUrl,
      '--audience',
      opts.audience,
    ],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`saml-idp exited: ${output}`);
    try {
      const r = await fetch(`${url}/metadata`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`saml-idp did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    ssoUrl: `${url}/saml/sso`,
    issuer,
    cert,
    key,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The value of a named input in an HTML page. */
export function inputValue(html: string, name: string): string | null {
  const re = new RegExp(`<input[^>]*name=["']${name}["'][^>]*value=(?:"([^"]*)"|'([^']*)')|<input[^>]*value=(?:"([^"]*)"|'([^']*)')[^>]*name=["']${name}["']`, 's');
  const m = re.exec(html);
  if (!m) return null;
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
}

/**
 * Plays the browser's part at the IdP: opens the sign-in redirect, signs in as `user` on the IdP's
 * form, and returns the auto-posted form's fields (SAMLResponse, RelayState).
 */
export async function signInAtIdp(
  idp: TestIdp,
  redirectUrl: string,
  user: { email: string; firstName?: string; lastName?: string },
): Promise<{ SAMLResponse: string; RelayState: string | null; action: string }> {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  const authn = inputValue(html, '_authnRequest');
  if (!authn) throw new Error(`IdP page has no AuthnRequest: ${html.slice(0, 300)}`);
  const form = new URLSearchParams({
    _authnRequest: authn,
    userName: user.email,
    nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    email: user.email,
    firstName: user.firstName ?? 'Alice',
    lastName: user.lastName ?? 'Martin',
    displayName: `${user.firstName ?? 'Alice'} ${user.lastName ?? 'Martin'}`,
  });
  const res = await fetch(`${idp.url}/signin`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const out = await res.text();
  const SAMLResponse = inputValue(out, 'SAMLResponse');
  if (!SAMLResponse) throw new Error(`IdP gave no SAMLResponse: ${out.slice(0, 300)}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(out)?.[1] ?? '';
  return { SAMLResponse, RelayState: inputValue(out, 'RelayState'), action: decodeEntities(action) };
}
