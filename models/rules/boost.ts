// Boosts (decision 251): a booster spent on an available offer puts it first in its company's lists
// and marks its page for a period, 7 days unless staff set another on the account that spends it
// (users.boost_days); the boost then ends by itself (a job on the queue, and an hourly sweep).
// Browser-safe: the console and the portal read these too.
export const DEFAULT_BOOST_DAYS = 7;
/** What staff may set (whole days). */
export const BOOST_DAYS_MIN = 1;
export const BOOST_DAYS_MAX = 365;
const DAY_MS = 24 * 3600_000;

/** When a boost started at `start` ends, for an account's boost_days (null: the default). */
export function boostEndsAt(start: Date, days: number | null | undefined): Date {
  return new Date(start.getTime() + (days ?? DEFAULT_BOOST_DAYS) * DAY_MS);
}

/** Whether an offer is boosted at `now`: boosted and its period not over. */
export function isBoostedAt(offer: { is_boosted: unknown; boost_ends_at: Date | string | null | undefined }, now: Date): boolean {
  if (!offer.is_boosted || Number(offer.is_boosted) === 0 || !offer.boost_ends_at) return false;
  const ends =
    offer.boost_ends_at instanceof Date
      ? offer.boost_ends_at
      : new Date(
          String(offer.boost_ends_at)
            .replace(' ', 'T')
            .replace(/ ?\+00:00$/, 'Z'),
        );
  return ends.getTime() > now.getTime();
}
