// The shape of the Stripe events the webhook acts on (api/services/billing/subscription-states.service.ts,
// applyStripeEvent), checked after the signature (docs/decisions/211-stripe-event-shapes.md). A
// correctly signed event whose envelope or handled object does not have this shape is malformed:
// 400 `invalid_event`, one log line, nothing changed. Only what the service reads is checked (the
// objects keep their other fields); ids are Stripe's (letters, digits, underscores), texts hold no
// NUL, numbers fit their columns and dates are real dates.
import * as z from 'zod/mini';
import { hasLoneSurrogate, hasNul } from '../../../models/rules/text.js';

/** A Stripe object id (evt_..., cs_test_..., sub_..., cus_...): stripe_events.id and the subscriptions' columns take 255. */
const stripeId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,255}$/));
/** A text Stripe carries for us (client_reference_id, metadata values): at most 500 characters (Stripe's own limit), no NUL. */
const stripeText = z.string().check(
  z.maxLength(500),
  z.refine((v) => !hasNul(v) && !hasLoneSurrogate(v)),
);
/** A reference to another object: its id, or the object itself when expanded. */
const ref = z.nullish(z.union([stripeId, z.looseObject({ id: stripeId })]));
/** Seconds since 1970, up to the year 9999 (a Date and a DATETIME column take it). */
const timestamp = z.nullish(z.int().check(z.minimum(0), z.maximum(253_402_300_799)));
/** Metadata: texts by key; the service reads sub_id. */
const metadata = z.nullish(z.looseObject({ sub_id: z.nullish(stripeText) }));

const checkoutSession = z.looseObject({
  id: stripeId,
  mode: z.nullish(z.string().check(z.maxLength(64))),
  payment_status: z.nullish(z.string().check(z.maxLength(64))),
  subscription: ref,
  customer: ref,
  client_reference_id: z.nullish(stripeText),
  metadata,
});

const invoice = z.looseObject({
  parent: z.nullish(z.looseObject({ subscription_details: z.nullish(z.looseObject({ subscription: ref, metadata })) })),
  // Before API 2025-03 the subscription was on the invoice itself.
  subscription: z.optional(ref),
  lines: z.nullish(z.looseObject({ data: z.array(z.looseObject({ period: z.nullish(z.looseObject({ end: timestamp })) })) })),
});

const subscription = z.looseObject({
  id: stripeId,
  status: z.string().check(z.maxLength(64)),
  metadata,
  // Points of sale: subscriptions.quantity is an INT.
  items: z.nullish(
    z.looseObject({
      data: z.array(z.looseObject({ quantity: z.nullish(z.int().check(z.minimum(0), z.maximum(2_147_483_647))), current_period_end: timestamp })),
    }),
  ),
  current_period_end: z.optional(timestamp),
  ended_at: timestamp,
});

/** The object schema of each event type the service acts on; other types are acknowledged and ignored. */
export const HANDLED_EVENTS: Record<string, z.ZodMiniType> = {
  'checkout.session.completed': checkoutSession,
  'checkout.session.async_payment_succeeded': checkoutSession,
  'invoice.paid': invoice,
  'invoice.payment_failed': invoice,
  'customer.subscription.updated': subscription,
  'customer.subscription.deleted': subscription,
};

/** Every event: an id (stored in stripe_events), a type and a data object. */
export const stripeEventSchema = z.looseObject({
  id: stripeId,
  type: z.string().check(z.minLength(1), z.maxLength(100)),
  data: z.looseObject({ object: z.looseObject({}) }),
});

export interface EventProblem {
  /** Where the event departs from its shape ('data.object.client_reference_id'). */
  field: string;
  issue: string;
}

/** Why a verified event is malformed, or null when it has the shape of its type. */
export function eventProblem(event: unknown): EventProblem | null {
  const envelope = z.safeParse(stripeEventSchema, event);
  if (!envelope.success) return problemOf(envelope.error.issues, '');
  const schema = HANDLED_EVENTS[envelope.data.type];
  if (!schema) return null;
  const object = z.safeParse(schema, envelope.data.data.object);
  return object.success ? null : problemOf(object.error.issues, 'data.object.');
}

function problemOf(issues: readonly z.core.$ZodIssue[], prefix: string): EventProblem {
  const issue = issues[0];
  return { field: `${prefix}${(issue?.path ?? []).map(String).join('.')}`, issue: issue?.code ?? 'invalid' };
}
