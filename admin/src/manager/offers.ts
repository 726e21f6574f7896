// The manager's offers as the console resource serves them (back-office.md section 3, manager
// offer list item), read into one flat row whether the fields come flat or nested
// (recruiter_details, details): to-do = new + view.
export const MANAGER_OFFERS = 'manager-offers';

export interface OfferRow {
  id: string | number;
  job_code: string;
  title: string;
  shopname: string | null;
  recruiter_id: string;
  recruiter_name: string;
  recruiter_last_co: unknown;
  offer_created: unknown;
  todo: number;
  shortlist: number;
  to_recruit: number;
  state: string;
  is_boosted: boolean;
  /** When the boost ends (decision 251). */
  boost_ends_at: string | null;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

export function offerRow(r: Record<string, unknown>): OfferRow {
  const rd = (r.recruiter_details ?? {}) as Record<string, unknown>;
  const d = (r.details ?? {}) as Record<string, unknown>;
  return {
    id: r.id as string | number,
    job_code: String(r.job_code ?? r.id),
    title: String(r.title ?? ''),
    shopname: (r.shopname as string | null) ?? null,
    recruiter_id: String(r.recruiter_id ?? rd.sub ?? ''),
    recruiter_name: String(r.recruiter_name ?? rd.name ?? ''),
    recruiter_last_co: r.recruiter_last_co ?? rd.last_co ?? null,
    offer_created: r.offer_created ?? r.created_at ?? null,
    todo: r.todo !== undefined ? num(r.todo) : num(d.new_candidates) + num(d.view_candidates),
    shortlist: num(r.shortlist ?? d.shortlist),
    to_recruit: num(r.to_recruit ?? d.to_recruit),
    state: String(r.state ?? ''),
    is_boosted: Boolean(r.is_boosted),
    boost_ends_at: typeof r.boost_ends_at === 'string' ? r.boost_ends_at : null,
  };
}
