// A local test double of Stripe's HTTP API on 127.0.0.1 (STRIPE_API_BASE points the SDK at it):
// customers, Checkout Sessions (create, retrieve) and subscriptions (retrieve, update), with the
// request checks Stripe makes (a secret key, form-encoded parameters, required parameters, mode,
// line items with a price or price data, integer quantity of at least 1, a recurring price in
// subscription mode, an existing customer) and Stripe's error shape. It also plays the hosted
// Checkout page: GET /pay/{session} shows a pay button; paying completes the session, creates the
// subscription, delivers a signed checkout.session.completed webhook when a webhook URL is set,
// and redirects to the session's success_url. Signatures are real (generateTestHeaderString).
// Billing self-service: Billing Portal sessions (POST /v1/billing_portal/sessions, an existing
// customer required; GET /billing/{id} plays the portal page with a link back), invoices (paying
// a session makes a paid invoice with its PDF at /invoice/{id}.pdf; GET /v1/invoices lists them by
// customer, status and subscription), and cancel(), which ends a subscription as the portal would
// and answers its customer.subscription.deleted event.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    keys.forEach((k, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]);
      const slot = node as Record<string, unknown>;
      if (last) slot[k] = value;
      else {
        slot[k] ??= nextIsIndex ? [] : {};
        node = slot[k] as Record<string, unknown>;
      }
    });
  }
  return out;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
const missing = (param: string) => new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, param, 'parameter_missing');
const invalidParam = (param: string, message: string) => new StripeError(400, 'invalid_request_error', message, param, 'parameter_invalid_integer');
const noSuch = (kind: string, id: string) => new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'id', 'resource_missing');

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

export interface StripeDouble {
  /** http://127.0.0.1:port, for STRIPE_API_BASE. */
  base: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request received (method, path, parsed params). */
  requests: Array<{ method: string; path: string; params: Params }>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  customers: Map<string, Json>;
  invoices: Map<string, Json>;
  portalSessions: Map<string, Json>;
  /** Cancels a subscription now (as the Billing Portal does); answers customer.subscription.deleted. */
  cancel(subscriptionId: string): Json;
  /** Posts a signed event to webhookUrl (throws when the app does not answer 2xx). */
  deliver(evt: Json): Promise<void>;
  /** Where paying on the hosted page delivers checkout.session.completed (unset: not delivered). */
  webhookUrl?: string;
  /** Completes a session as paying would: subscription created, session complete; answers the event. */
  complete(sessionId: string): Json;
  /** A Stripe event of this type around an object, with a fresh id (or the given one). */
  event(type: string, object: Json, id?: string): Json;
  /** The Stripe-Signature header of a payload, signed with the webhook secret at `timestamp` (s). */
  sign(payload: string, timestamp?: number, secret?: string): string;
  close(): Promise<void>;
}

export async function startStripeDouble(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const signer = new Stripe('sk_test_signer');
  const requests: StripeDouble['requests'] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  let base = '';
  let invoiceNumber = 0;

  function createInvoice(sub: Json, lines: Array<{ quantity: number; unit_amount: number; currency: unknown }>, start: number, end: number): Json {
    const id = rid('in');
    const amount = lines.reduce((n, l) => n + l.unit_amount * l.quantity, 0);
    const invoice: Json = {
      id,
      object: 'invoice',
      customer: sub.customer,
      subscription: sub.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status: 'paid',
      number: `DBL-${String(++invoiceNumber).padStart(4, '0')}`,
      amount_paid: amount,
      amount_due: amount,
      currency: String(lines[0]?.currency ?? 'eur'),
      created: start,
      period_start: start,
      period_end: end,
      invoice_pdf: `${base}/invoice/${id}.pdf`,
      hosted_invoice_url: `${base}/invoice/${id}`,
      lines: { object: 'list', data: [{ id: rid('il'), object: 'line_item', amount, period: { start, end } }] },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  function cancel(subscriptionId: string): Json {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw noSuch('subscription', subscriptionId);
    Object.assign(sub, { status: 'canceled', ended_at: nowS(), canceled_at: nowS() });
    return event('customer.subscription.deleted', sub);
  }

  function createCustomer(p: Params): Json {
    const c = { id: rid('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {}, created: nowS() };
    customers.set(c.id, c);
    return c;
  }

  function createSession(p: Params): Json {
    const mode = p.mode as string | undefined;
    if (!mode) throw missing('mode');
    if (!['payment', 'subscription', 'setup'].includes(mode)) throw new StripeError(400, 'invalid_request_error', `Invalid mode: ${mode}`, 'mode');
    if (!p.success_url) throw missing('success_url');
    if (p.customer && !customers.has(p.customer as string)) throw noSuch('customer', p.customer as string);
    const items = p.line_items as Params[] | undefined;
    if (mode !== 'setup' && (!Array.isArray(items) || items.length === 0)) throw missing('line_items');
    const lines = (items ?? []).map((item, i) => {
      const at = `line_items[${i}]`;
      if (!item.price && !item.price_data) throw missing(`${at}[price]`);
      if (item.quantity === undefined) throw missing(`${at}[quantity]`);
      const q = Number(item.quantity);
      if (!/^\d+$/.test(String(item.quantity)) || q < 1) throw invalidParam(`${at}[quantity]`, 'This value must be greater than or equal to 1.');
      const pd = item.price_data as Params | undefined;
      if (pd) {
        if (!pd.currency) throw missing(`${at}[price_data][currency]`);
        if (pd.unit_amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
        if (!pd.product && !(pd.product_data as Params | undefined)?.name) throw missing(`${at}[price_data][product_data][name]`);
        const interval = (pd.recurring as Params | undefined)?.interval;
        if (mode === 'subscription' && !interval) {
          throw new StripeError(400, 'invalid_request_error', 'You must specify `recurring` in `price_data` when in `subscription` mode.', `${at}[price_data][recurring]`);
        }
      }
      return { quantity: q, unit_amount: pd ? Number(pd.unit_amount) : 0, currency: pd?.currency ?? 'eur', interval: (pd?.recurring as Params | undefined)?.interval ?? 'month' };
    });
    const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
    const session: Json = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/pay/${id}`,
      client_reference_id: p.client_reference_id ?? null,
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      metadata: p.metadata ?? {},
      locale: p.locale ?? null,
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      subscription: null,
      amount_total: lines.reduce((n, l) => n + l.unit_amount * l.quantity, 0),
      currency: lines[0]?.currency ?? null,
      _lines: lines,
      _subscription_metadata: (p.subscription_data as Params | undefined)?.metadata ?? {},
      created: nowS(),
    };
    sessions.set(id, session);
    return session;
  }

  const publicSession = (s: Json): Json => Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('_')));

  function complete(sessionId: string): Json {
    const s = sessions.get(sessionId);
    if (!s) throw noSuch('checkout.session', sessionId);
    if (s.status !== 'complete') {
      const lines = s._lines as Array<{ quantity: number; interval: string }>;
      const start = nowS();
      const end = start + (lines[0]?.interval === 'year' ? 365 : 30) * 86400;
      const sub: Json = {
        id: rid('sub'),
        object: 'subscription',
        status: 'active',
        customer: s.customer ?? rid('cus'),
        metadata: s._subscription_metadata,
        start_date: start,
        ended_at: null,
        items: { object: 'list', data: lines.map((l) => ({ id: rid('si'), object: 'subscription_item', quantity: l.quantity, current_period_start: start, current_period_end: end })) },
      };
      subscriptions.set(sub.id as string, sub);
      createInvoice(sub, s._lines as Array<{ quantity: number; unit_amount: number; currency: unknown }>, start, end);
      Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: sub.id, customer: sub.customer });
    }
    return event('checkout.session.completed', publicSession(s));
  }

  function event(type: string, object: Json, id = rid('evt')): Json {
    return { id, object: 'event', api_version: '2026-10-28.endive', created: nowS(), type, livemode: false, pending_webhooks: 1, data: { object } };
  }

  const sign = (payload: string, timestamp = nowS(), secret = webhookSecret) => signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  async function deliver(evt: Json): Promise<void> {
    if (!double.webhookUrl) return;
    const payload = JSON.stringify(evt);
    const res = await fetch(double.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) }, body: payload });
    if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  }

  function route(method: string, path: string, params: Params): Json {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const c = customers.get(m[1]);
      if (!c) throw noSuch('customer', m[1]);
      return c;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer) throw missing('customer');
      if (!customers.has(params.customer as string)) throw noSuch('customer', params.customer as string);
      const id = rid('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        locale: params.locale ?? null,
        url: `${base}/billing/${id}`,
        created: nowS(),
      };
      portalSessions.set(id, session);
      return session;
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = [...invoices.values()]
        .filter((i) => (!params.customer || i.customer === params.customer) && (!params.status || i.status === params.status) && (!params.subscription || i.subscription === params.subscription))
        .sort((a, b) => Number(b.created) - Number(a.created))
        .slice(0, Number(params.limit ?? 10));
      return { object: 'list', url: '/v1/invoices', has_more: false, data };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createSession(params));
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const s = sessions.get(m[1]);
      if (!s) throw noSuch('checkout.session', m[1]);
      return publicSession(s);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) throw noSuch('subscription', m[1]);
      if (method === 'POST' && params.quantity !== undefined) {
        const q = Number(params.quantity);
        if (!/^\d+$/.test(String(params.quantity)) || q < 1) throw invalidParam('quantity', 'This value must be greater than or equal to 1.');
        ((sub.items as { data: Json[] }).data[0] as Json).quantity = q;
      }
      return sub;
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(json));
      };
      // The Billing Portal (what the subscriber's browser sees) and the invoices' PDFs.
      const portal = url.pathname.match(/^\/billing\/([^/]+)$/);
      if (portal) {
        const p = portalSessions.get(portal[1]);
        if (!p) return void res.writeHead(404).end('No such portal session');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(
          `<!doctype html><html lang="fr"><title>Portail de facturation (double de Stripe)</title><h1>Portail de facturation</h1>` +
            `<p data-testid="portal-customer">${String(p.customer)}</p><a href="${String(p.return_url)}">Retour</a></html>`,
        );
      }
      const pdf = url.pathname.match(/^\/invoice\/([^/.]+)\.pdf$/);
      if (pdf) {
        if (!invoices.has(pdf[1])) return void res.writeHead(404).end('No such invoice');
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return void res.end(`%PDF-1.4\n% invoice ${pdf[1]}\n%%EOF\n`);
      }
      // The hosted Checkout page (what the payer's browser sees).
      const pay = url.pathname.match(/^\/pay\/([^/]+)(\/complete)?$/);
      if (pay) {
        const s = sessions.get(pay[1]);
        if (!s) return void res.writeHead(404).end('No such checkout session');
        if (req.method === 'GET' && !pay[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return void res.end(
            `<!doctype html><html lang="fr"><title>Paiement (double de Stripe)</title><h1>Paiement</h1>` +
              `<p data-testid="amount">${Number(s.amount_total) / 100} ${String(s.currency)}</p>` +
              `<p data-testid="quantity">${(s._lines as Array<{ quantity: number }>)[0]?.quantity ?? 0}</p>` +
              `<form method="post" action="/pay/${s.id as string}/complete"><button type="submit">Payer</button></form></html>`,
          );
        }
        if (req.method === 'POST' && pay[2]) {
          const evt = complete(pay[1]);
          deliver(evt)
            .then(() => {
              res.writeHead(303, { location: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id as string) });
              res.end();
            })
            .catch((e: Error) => {
              res.writeHead(500, { 'content-type': 'text/plain' });
              res.end(e.message);
            });
          return;
        }
      }
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      if (req.method === 'POST' && body && !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return send(400, { error: { type: 'invalid_request_error', message: 'Invalid request: the body must be form-encoded.' } });
      }
      const params = req.method === 'GET' ? parseForm(url.searchParams.toString()) : parseForm(body);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      try {
        send(200, route(req.method ?? 'GET', url.pathname, params));
      } catch (e) {
        if (e instanceof StripeError) send(e.status, { error: { type: e.type, message: e.message, param: e.param, code: e.code } });
        else send(500, { error: { type: 'api_error', message: String(e) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const double: StripeDouble = {
    base,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    customers,
    invoices,
    portalSessions,
    cancel,
    deliver,
    complete,
    event,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}
