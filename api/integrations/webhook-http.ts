// The one way a webhook leaves the platform (docs/decisions/480-outbound-webhooks.md): the
// receiver's name is resolved once, every address it resolves to must be public, the request is
// pinned to the checked address (no second lookup a DNS answer could change), the connected
// socket's address is checked again, redirects are never followed, and the answer is cut short.
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/** Resolves a name to its addresses (tests pass their own to play a hostile DNS). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

const blocked = new net.BlockList();
for (const [subnet, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata 100.100.100.200)
  ['169.254.0.0', 16], // link-local (every cloud's metadata 169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const)
  blocked.addSubnet(subnet, prefix, 'ipv4');
for (const [subnet, prefix] of [
  ['::', 128], // unspecified
  ['fc00::', 7], // unique local (AWS's metadata fd00:ec2::254 among them)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses behind it
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  blocked.addSubnet(subnet, prefix, 'ipv6');
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address. */
function unwrap(address: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return { address: mapped[1], type: 'ipv4' };
  const v = net.isIP(plain);
  if (!v) return null;
  return { address: plain, type: v === 4 ? 'ipv4' : 'ipv6' };
}

/** Why an address may not receive webhooks, or null when it may. */
export function addressRefusal(address: string, allowLoopback: boolean): 'webhook_url_loopback' | 'webhook_url_private_address' | null {
  const ip = unwrap(address);
  if (!ip) return 'webhook_url_private_address';
  if (loopback.check(ip.address, ip.type)) return allowLoopback ? null : 'webhook_url_loopback';
  return blocked.check(ip.address, ip.type) ? 'webhook_url_private_address' : null;
}

export type UrlRefusal = 'webhook_url_invalid' | 'webhook_url_not_https' | 'webhook_url_loopback' | 'webhook_url_private_address' | 'webhook_url_unresolvable';

/**
 * The URL's one checked address: https (http only to loopback, with the test setting), no
 * credentials, every resolved address public. Answers the address, or the refusal's code.
 */
export async function checkWebhookUrl(raw: string, opts: { allowLoopback: boolean; resolve?: Resolve }): Promise<{ url: URL; address: string; family: number } | { refusal: UrlRefusal }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: 'webhook_url_invalid' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname) return { refusal: 'webhook_url_invalid' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolve)(host);
    } catch {
      return { refusal: 'webhook_url_unresolvable' };
    }
    if (!addresses.length) return { refusal: 'webhook_url_unresolvable' };
  }
  // Every answer must be public: a name that also resolves inside is refused, whichever a client would pick.
  for (const a of addresses) {
    const refusal = addressRefusal(a.address, opts.allowLoopback);
    if (refusal) return { refusal };
  }
  if (url.protocol === 'http:' && !(opts.allowLoopback && addresses.every((a) => addressRefusal(a.address, false) === 'webhook_url_loopback'))) return { refusal: 'webhook_url_not_https' };
  return { url, address: addresses[0].address, family: addresses[0].family };
}

export interface WebhookAnswer {
  status: number | null;
  body: string | null;
  durationMs: number;
  /** A stable code when there was no usable answer: timeout, connection_failed, redirect_not_followed, a URL refusal. */
  error: string | null;
}

/** Posts one signed body; never throws (every outcome is an answer to log). */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowLoopback: boolean; timeoutMs: number; keepChars: number; resolve?: Resolve },
): Promise<WebhookAnswer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const checked = await checkWebhookUrl(rawUrl, opts);
  if ('refusal' in checked) return { status: null, body: null, durationMs: took(), error: checked.refusal };
  const { url, address, family } = checked;
  // Pinned: the request connects to the address just checked, whatever a second lookup would say.
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const done = (a: Omit<WebhookAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...a, durationMs: took() });
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Webhooks/1.0' }, lookup, agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < opts.keepChars) text += chunk;
          else res.destroy();
        });
        const finish = () => done({ status, body: text.slice(0, opts.keepChars), error: status >= 300 && status < 400 ? 'redirect_not_followed' : null });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, body: null, error: 'timeout' });
    }, opts.timeoutMs);
    // The address actually connected to, checked again (a proxy or a lookup we did not make).
    request.on('socket', (socket) => {
      socket.on('connect', () => {
        const remote = socket.remoteAddress ?? '';
        if (addressRefusal(remote, opts.allowLoopback)) {
          request.destroy();
          done({ status: null, body: null, error: 'webhook_url_private_address' });
        }
      });
    });
    request.on('error', () => done({ status: null, body: null, error: 'connection_failed' }));
    request.end(body);
  });
}
