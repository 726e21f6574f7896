// The rules the back-office's user and application cards show (back-office.md section 4,
// docs/decisions/063-console-actions-and-card-rules.md). Pure functions: the console's read models
// call them with the rows they fetched, so the rules have this one home.

/** A candidate must be this old before outreach (section 4: "created more than 6 hours ago"). */
export const CONTACTABLE_AFTER_MS = 6 * 3600_000;

export interface ContactableInput {
  profile: string;
  /** The stored flag ("flagged for outreach"); closing sets it false. */
  contactable: boolean | number | null | undefined;
  applications_count: number | string | null | undefined;
  created_at: Date;
  /** How many close events the user has. */
  closeHistoryCount: number;
  closed_at: Date | string | null | undefined;
}

/**
 * Contactable: a landing lead always; anyone else when flagged for outreach, with no
 * applications, created more than 6 hours before `now`, never closed.
 */
export function contactable(u: ContactableInput, now: Date): boolean {
  if (u.profile === 'landing') return true;
  return Boolean(u.contactable) && Number(u.applications_count ?? 0) === 0 && now.getTime() - u.created_at.getTime() > CONTACTABLE_AFTER_MS && u.closeHistoryCount === 0 && !u.closed_at;
}

export type CardColor = 'yellow' | 'green' | 'grey';

/** The card's state colour: yellow after a will_postulate contact, else green when contactable, else grey. */
export function cardColor(lastContactAction: string | null | undefined, isContactable: boolean): CardColor {
  if (lastContactAction === 'will_postulate') return 'yellow';
  return isContactable ? 'green' : 'grey';
}

/** An application is flagged bad when any of its questions is not done. */
export function isBadApplication(questions: ReadonlyArray<{ state?: string | null }>): boolean {
  return questions.some((q) => q.state !== 'done');
}
