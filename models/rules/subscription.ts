// The subscription rules (public-web.md sections 4, 5 and 9; back-office.md section 3), in one
// module that the API, the console declaration, the staff console and the portal all import:
// - active: state 'payed' and not past its expiry (read-time expiry, docs/decisions/146-*), or
//   'unpaid' (a failed renewal) within its grace after the paid period (decision 240);
// - seats: remaining recruiters = quantity minus the recruiters assigned, never below 0;
// - quantity: points of sale, an integer from 1 to QUANTITY_MAX, default 1;
// - price: the plan's unit price (in cents) times the quantity.
// Browser-safe: no server import.

/** Stored states. 'payed' (the spec's spelling) is the only active one. */
export const SUBSCRIPTION_STATES = ['pending', 'payed', 'unpaid', 'canceled', 'expired'] as const;

/** How often a plan bills (Stripe's recurring interval). */
export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const QUANTITY_DEFAULT = 1;
/** Stripe accepts up to 999,999 per line; a retail network of 999 points of sale is plenty. */
export const QUANTITY_MAX = 999;

export interface SubscriptionLike {
  state: string;
  expires_at: Date | string | null;
}

const time = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/**
 * Days a subscription whose payment failed (Stripe past_due, invoice.payment_failed) keeps what it
 * gave after the end of the period that was paid: Stripe retries the card meanwhile, and a paid
 * retry (invoice.paid) makes it 'payed' again (decision 240).
 */
export const PAYMENT_GRACE_DAYS = 7;
const GRACE_MS = PAYMENT_GRACE_DAYS * 86_400_000;

/**
 * The state as read at `now`: a 'payed' subscription past its expiry, and an 'unpaid' one past its
 * grace (or with no paid period), read 'expired'.
 */
export function effectiveState(sub: SubscriptionLike, now: Date | number = Date.now()): string {
  const expires = time(sub.expires_at);
  const at = typeof now === 'number' ? now : now.getTime();
  if (sub.state === 'payed' && expires !== null && expires <= at) return 'expired';
  if (sub.state === 'unpaid' && (expires === null || expires + GRACE_MS <= at)) return 'expired';
  return sub.state;
}

/**
 * True when the subscription gives what it was bought for at `now` (the control tower, its seats):
 * paid and not expired, or unpaid within its grace. The one rule api/auth/access.ts asks.
 */
export const isActive = (sub: SubscriptionLike, now: Date | number = Date.now()): boolean => {
  const state = effectiveState(sub, now);
  return state === 'payed' || state === 'unpaid';
};

/** Remaining recruiters: quantity minus those assigned, never below 0 (back-office.md section 3). */
export const seatsRemaining = (quantity: number, used: number): number => Math.max(0, Number(quantity) - Number(used));

/** The seats of a subscription as the manager screens and the API show them. */
export function seatsOf(quantity: number, used: number) {
  return { quantity: Number(quantity), seats_used: Number(used), seats_remaining: seatsRemaining(quantity, used) };
}

/**
 * The quantity as the form gives it (section 5: parsed as an integer, ignored if not a number):
 * the typed integer when it is one within 1..QUANTITY_MAX, otherwise `previous`.
 */
export function parseQuantity(input: unknown, previous: number = QUANTITY_DEFAULT): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number.parseInt(input, 10) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= QUANTITY_MAX ? n : previous;
}

/** Price of `quantity` points of sale, in cents. */
export const priceCents = (unitAmountCents: number, quantity: number): number => unitAmountCents * quantity;

/** A price in cents as French text: 4900 EUR -> "49,00 €". */
export function formatPrice(cents: number, currency: string, locale = 'fr-FR'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
