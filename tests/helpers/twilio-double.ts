// A local test double of Twilio's Messaging REST API on 127.0.0.1 (TWILIO_API_BASE points the
// twilio client at it): POST /2010-04-01/Accounts/{AccountSid}/Messages.json with the checks
// Twilio makes — HTTP basic auth by the account's auth token or an API key and secret, a
// form-encoded body, To in E.164, From or MessagingServiceSid, a non-empty Body of at most 1,600
// characters — and Twilio's error shape. `failNext(n)` answers the next n sends with a 500.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  method: string;
  path: string;
  /** The user and password of the basic auth header. */
  auth: { user: string; password: string } | null;
  contentType: string;
  params: Record<string, string>;
}

export interface TwilioDouble {
  /** http://127.0.0.1:port, for TWILIO_API_BASE. */
  base: string;
  accountSid: string;
  authToken: string;
  /** Every request received, accepted or not. */
  requests: TwilioRequest[];
  /** The messages accepted (201), in order. */
  messages: Array<{ sid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string }>;
  /** The next n message creations fail with 500 (Twilio's error body). */
  failNext(n: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startTwilioDouble(options: { accountSid?: string; authToken?: string; apiKey?: string; apiSecret?: string } = {}): Promise<TwilioDouble> {
  const accountSid = options.accountSid ?? `AC${crypto.randomBytes(16).toString('hex')}`;
  const authToken = options.authToken ?? crypto.randomBytes(16).toString('hex');
  const requests: TwilioRequest[] = [];
  const messages: TwilioDouble['messages'] = [];
  let failures = 0;

  const error = (status: number, code: number, message: string) => ({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } });

  function handle(r: TwilioRequest): { status: number; body: unknown } {
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(r.path);
    if (!m || r.method !== 'POST') return error(404, 20404, 'The requested resource was not found');
    const validAuth =
      r.auth !== null && ((r.auth.user === accountSid && r.auth.password === authToken) || (options.apiKey !== undefined && r.auth.user === options.apiKey && r.auth.password === options.apiSecret));
    if (!validAuth) return error(401, 20003, 'Authenticate');
    if (m[1] !== accountSid) return error(404, 20404, `The requested resource /2010-04-01/Accounts/${m[1]}/Messages.json was not found`);
    if (!r.contentType.startsWith('application/x-www-form-urlencoded')) return error(400, 20001, 'Invalid content type');
    const { To: to, From: from, MessagingServiceSid: service, Body: body } = r.params;
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !service) return error(400, 21603, "A 'From' phone number is required.");
    if (!body) return error(400, 21602, 'Message body is required.');
    if (body.length > 1600) return error(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (failures > 0) {
      failures--;
      return error(500, 20500, 'Internal Server Error');
    }
    const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from: from ?? null, messagingServiceSid: service ?? null, body });
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid,
        account_sid: accountSid,
        to,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        body,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: '1',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        subresource_uris: {},
      },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const header = req.headers.authorization ?? '';
      let auth: TwilioRequest['auth'] = null;
      if (header.startsWith('Basic ')) {
        const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
        const i = decoded.indexOf(':');
        if (i > 0) auth = { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
      }
      const r: TwilioRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        auth,
        contentType: String(req.headers['content-type'] ?? ''),
        params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      requests.push(r);
      const out = handle(r);
      res.writeHead(out.status, { 'content-type': 'application/json', 'twilio-request-id': `RQ${crypto.randomBytes(16).toString('hex')}` });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    accountSid,
    authToken,
    requests,
    messages,
    failNext(n) {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
