// A real SMTP server on loopback that keeps the messages it receives, for tests that read mail.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from './app.js';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to this address (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
        if (hit) {
          taken.add(hit);
          return hit;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a whole test file: a real SMTP server on loopback and a test context whose mailer sends to
 * it, both closed after the file. Read `ctx` and `smtp` inside tests and hooks (they are set in
 * the file's first beforeAll).
 */
export function mailedTestContext(env: Record<string, string> = {}): { ctx: TestContext; smtp: TestSmtp } {
  const self = {} as { ctx: TestContext; smtp: TestSmtp };
  beforeAll(async () => {
    self.smtp = await startSmtp();
    self.ctx = await createTestContext({ SMTP_URL: self.smtp.url, ...env });
  });
  afterAll(async () => {
    await self.ctx?.close();
    await self.smtp?.close();
  });
  return self;
}
