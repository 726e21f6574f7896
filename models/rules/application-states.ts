// The states of an application and of a wishlist entry (back-office.md section 3; the recruiter
// states are models/rules/recruiter-states.ts). The one home of the lists: the models validate their
// columns with them, the console's declarations offer them. Browser-safe.

/** An application: answers still missing (applying), or every answer ready (complete). */
export const APPLICATION_STATES = ['applying', 'complete'] as const;

export const WISHLIST_STATES = ['pending', 'applying', 'done'] as const;
