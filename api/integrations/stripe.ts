// Stripe, the card payment provider of the subscription page (public-web.md sections 2 and 7;
// docs/decisions/144-plans-and-stripe.md). One SDK client per settings object: STRIPE_SECRET_KEY
// (a test key sk_test_... works against Stripe's test mode), STRIPE_WEBHOOK_SECRET for the
// webhook signatures, and STRIPE_API_BASE to send the SDK's calls to a local double (tests).
import Stripe from 'stripe';
import type { Settings } from '../../config/settings.js';
import { AppError, invalid } from '../lib/errors.js';

export type { Stripe };

const clients = new WeakMap<Settings['stripe'], Stripe>();

/** The SDK's connection settings for STRIPE_API_BASE (host, port and protocol), none by default. */
function endpointOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** True when payments can be taken (a secret key is set). */
export const paymentsConfigured = (settings: Settings): boolean => !!settings.stripe.secretKey;

/** The client, or a 503 saying clearly that payments are not configured. */
export function stripeOf(settings: Settings): Stripe {
  const key = settings.stripe.secretKey;
  if (!key) throw new AppError(503, 'payments_not_configured', 'payments_not_configured');
  let client = clients.get(settings.stripe);
  if (!client) {
    client = new Stripe(key, {
      ...endpointOf(settings.stripe.apiBase),
      // A failed call answers the visitor at once; Stripe's own idempotency makes retries safe.
      maxNetworkRetries: 1,
      timeout: 15_000,
      appInfo: { name: 'recrutement-video-portal' },
    });
    clients.set(settings.stripe, client);
  }
  return client;
}

/** A Stripe call that failed (network, 5xx, refused request): 502 with a clear message, logged by the caller. */
export function providerError(cause: unknown): AppError {
  const e = new AppError(502, 'payment_provider_error', 'payment_provider_error', {
    provider: (cause as { code?: string; type?: string })?.code ?? (cause as { type?: string })?.type ?? 'unknown',
  });
  (e as { cause?: unknown }).cause = cause;
  return e;
}

/** Webhook signatures older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * The event of a webhook delivery, its signature checked on the raw body with
 * STRIPE_WEBHOOK_SECRET; a missing, bad or stale signature is a 400 (nothing is done).
 */
export function verifyWebhook(settings: Settings, rawBody: Buffer, signature: string | undefined, now: Date): Stripe.Event {
  const secret = settings.stripe.webhookSecret;
  if (!secret) throw new AppError(503, 'payments_not_configured', 'payments_not_configured');
  if (!signature) throw invalid('stripe_signature_invalid', 'stripe_signature_invalid');
  try {
    // The webhooks helper needs no API key; a client is made only for it when payments are off.
    const webhooks = (settings.stripe.secretKey ? stripeOf(settings) : new Stripe('sk_unused')).webhooks;
    return webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_S, undefined, now.getTime());
  } catch {
    throw invalid('stripe_signature_invalid', 'stripe_signature_invalid');
  }
}
