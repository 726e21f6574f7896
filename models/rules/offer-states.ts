// The states of a published offer (back-office.md section 3). The one home of the list: the offers
// model validates its column with it, the console's declarations offer it. Browser-safe.

export const OFFER_STATES = ['available', 'closed', 'pending', 'deleted'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** The states the manager area shows and sets (its offer list item: available, closed). */
export const MANAGER_OFFER_STATES = ['available', 'closed'] as const satisfies readonly OfferState[];
