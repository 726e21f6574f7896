// POST /apis/subscription (public-web.md sections 5 and 7) and the seat assignment: one schema per
// action, used by the route's validate middleware, the portal's Remix actions and the browser's
// checks on /portal/{plan_id}. Billing: company name, email, first and last name, required once
// trimmed (a missing field gets the spec's "fill all required fields"). Quantity: an integer from 1
// to 999 (models/rules/subscription.ts). Browser-safe (zod/mini).
import * as z from 'zod/mini';
import { email } from '../../../models/rules/email.js';
import { QUANTITY_MAX } from '../../../models/rules/subscription.js';
import { absentIfBlank, coded, text } from '../../../models/rules/text.js';
import { newRecruiterSchema } from '../accounts/recruiters.schema.js';

const REQUIRED = 'fill_all_required_fields';
// subscriptions columns: billing_company_name 160, billing_firstname/lastname 120, plan_id and sub_id 64.
const required = (max: number) => text(max, { invalid: REQUIRED, min: 1, tooLong: 'field_too_long' });
const planId = text(64, { invalid: coded('plan_not_found', 'plan_not_found'), min: 1 }).check(z.regex(/^[A-Za-z0-9_-]+$/, coded('plan_not_found', 'plan_not_found')));
const subId = text(64, { invalid: coded('subscription_not_found', 'subscription_not_found'), min: 1 }).check(z.regex(/^[A-Za-z0-9_-]+$/, coded('subscription_not_found', 'subscription_not_found')));
const optionalSubId = z.pipe(z.transform(absentIfBlank), z.optional(subId));

/** Form posts send text; JSON sends numbers. An integer 1..999, or the invalid_quantity code. */
export const quantity = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v)),
  z.int('invalid_quantity').check(z.minimum(1, 'invalid_quantity'), z.maximum(QUANTITY_MAX, 'invalid_quantity')),
);

/** billing_address_step's four fields. */
export const billingFields = {
  firstname: required(120),
  lastname: required(120),
  email: email(),
  company_name: required(160),
};
export const billingSchema = z.object(billingFields);
export type Billing = z.output<typeof billingSchema>;

/** action billing_informations: the billing fields and sub_plan_id; sub_id to correct a pending one. */
export const billingInformationsSchema = z.object({
  action: z.literal('billing_informations'),
  sub_plan_id: planId,
  sub_id: optionalSubId,
  ...billingFields,
});

/** action sub_register: email, user_sub (the signed-in caller), sub_plan_id, sub_quantity. */
export const subRegisterSchema = z.object({
  action: z.literal('sub_register'),
  sub_plan_id: planId,
  sub_quantity: z._default(quantity, 1),
  sub_id: optionalSubId,
  user_sub: z.optional(text(36, { invalid: 'forbidden' })),
  email: z.pipe(z.transform(absentIfBlank), z.optional(email())),
});

/** action checkout: opens Stripe Checkout (subscription mode) for this quantity; answers its url. */
export const checkoutSchema = z.object({
  action: z.literal('checkout'),
  sub_id: subId,
  sub_quantity: z._default(quantity, 1),
});

/** action hpid_register: the hosted page (Checkout Session) id of a subscription. */
export const hpidRegisterSchema = z.object({
  action: z.literal('hpid_register'),
  sub_id: subId,
  // A Checkout Session id (cs_test_... or cs_live_...): anything else is refused before Stripe is asked.
  hpid: text(255, { invalid: coded('hpid_mismatch', 'hpid_mismatch'), min: 1 }).check(z.regex(/^cs_(test|live)_[A-Za-z0-9]+$/, coded('hpid_mismatch', 'hpid_mismatch'))),
});

export const subscriptionActionSchema = z.discriminatedUnion('action', [billingInformationsSchema, subRegisterSchema, checkoutSchema, hpidRegisterSchema], 'missing_parameters');
export type SubscriptionAction = z.output<typeof subscriptionActionSchema>;
export type BillingInformations = z.output<typeof billingInformationsSchema>;
export type SubRegister = z.output<typeof subRegisterSchema>;

/** POST /apis/subscription/{sub_id}/recruiters: give a seat to one of the manager's recruiters. */
export const seatSchema = z.object({ recruiter_id: text(36, { invalid: coded('recruiter_not_found', 'recruiter_not_found'), min: 1 }) });
export const subIdParams = z.object({ id: subId });
export const seatParams = z.object({ id: subId, recruiterId: text(36, { invalid: coded('recruiter_not_found', 'recruiter_not_found'), min: 1 }) });

/**
 * POST /apis/subscription/{sub_id}/recruiters/new: the subscription page's new recruiter form
 * (back-office.md section 5): the recruiter (the new-recruiter rule: name, email and password
 * longer than 4, 10 and 6, the spec's one message) and the point of sale the seat pays for (its
 * name and city required, "fill all required fields"; street or zip code empty: "Invalid address").
 * Shared with the manager's form in the browser (decision 241).
 */
const INVALID_ADDRESS = coded('invalid_address', 'invalid_address');
export const newSeatRecruiterSchema = z.object({
  ...newRecruiterSchema.shape,
  shopname: required(160),
  street: text(255, { invalid: INVALID_ADDRESS, min: 1 }),
  zip_code: text(20, { invalid: INVALID_ADDRESS, min: 1 }),
  city: required(120),
});
export type NewSeatRecruiter = z.output<typeof newSeatRecruiterSchema>;
