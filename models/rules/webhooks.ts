// Outbound webhooks' shared rules (docs/decisions/480-outbound-webhooks.md): the events a company
// may choose, a delivery's states and the retry schedule. Browser-safe.

/** Events in the order the manager's form lists them. */
export const WEBHOOK_EVENTS = ['application.completed', 'application.state_changed', 'offer.published', 'offer.closed', 'subscription.changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pending: an attempt is waiting; delivered: a 2xx came back; failed: the schedule ran out (or the endpoint was disabled). */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/**
 * Waits before the 2nd, 3rd, … attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h (seven attempts over
 * about 17 hours). A delivery whose every attempt failed is failed, and its endpoint disabled.
 */
export const WEBHOOK_RETRY_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_MS.length + 1;

/** One attempt waits at most this long for the answer (connection included). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of an answer's body kept in the log. */
export const WEBHOOK_LOGGED_BODY = 1_000;
/** Endpoints one company may register. */
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 10;
