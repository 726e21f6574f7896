// The rules the console's user cards and application rows show (back-office.md section 4).

const SIX_HOURS = 6 * 3600_000;

/**
 * A candidate is flagged for outreach with no applications, created more than 6 hours ago and no
 * close history (and not closed); landing leads are always contactable.
 */
export function isContactable(
  u: { profile: string; contactable: boolean; applications_count: number; created_at: Date; closed_at: unknown; close_events: number },
  now: Date,
): boolean {
  if (u.profile === 'landing') return true;
  return u.contactable && u.applications_count === 0 && now.getTime() - u.created_at.getTime() > SIX_HOURS && u.close_events === 0 && !u.closed_at;
}

/** Yellow when the last contact action was will_postulate, else green when contactable, else grey. */
export function cardColor(lastAction: string | undefined, contactable: boolean): 'yellow' | 'green' | 'grey' {
  return lastAction === 'will_postulate' ? 'yellow' : contactable ? 'green' : 'grey';
}

/** An application is flagged bad when any question is not done. */
export function isBadApplication(questions: readonly { state?: string | null }[]): boolean {
  return questions.some((q) => q.state !== 'done');
}
