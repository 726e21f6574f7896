// What every read and move of the manager area's candidates starts from (back-office.md sections 3,
// 4 and 7): the offer of a job code on the caller's side, scoped by the caller's reach
// (api/auth/access.ts: a recruiter their own offers, a manager their list's, staff all; an offer
// outside it answers 404 as if it did not exist; who created or published an offer grants
// nothing), and the raw-SQL helpers of those reads (single raw queries on indexes, the manager
// bench, decision 113).
import { QueryTypes } from 'sequelize';
import { boundSequelize, type RecruiterState } from '../../../models/index.js';
import { readDate } from '../../../models/rules/dates.js';
import { notFound } from '../../lib/errors.js';
import { reachesRecruiter, type Reach } from '../../auth/access.js';
import type { MediaUrls } from '../../integrations/media-urls.js';
import { isJobCodeShape } from '../../../models/rules/job-code.js';

export type Row = Record<string, unknown>;
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
export const iso = (v: unknown) => readDate(v)?.toISOString() ?? null;

/** The fields every manager application row carries (back-office.md section 3), from one SQL row. */
export function applicationFields(r: Record<string, unknown>, media: MediaUrls, audience: string, now: Date) {
  return {
    id: Number(r.id),
    candidate: { sub: String(r.candidate_id), email: String(r.email), phone: (r.phone as string | null) ?? null, name: String(r.name ?? ''), picture: (r.picture as string | null) ?? null },
    name: String(r.name ?? ''),
    picture: (r.picture as string | null) ?? null,
    cv_url: r.cv_key ? media.sign(String(r.cv_key), audience, now) : null,
    recruiter_state: r.recruiter_state as RecruiterState,
    submit_date: { submit: iso(r.submit_date) },
  };
}
/** An answer that does not meet a requirement (a knockout choice, decision 455): the question and the option chosen. */
export interface Knockout {
  qid: string;
  question: string;
  answer: string;
}

/** The knockout answers of these applications, by application id (none: no entry). */
export async function knockoutsOf(applicationIds: number[]): Promise<Map<number, Knockout[]>> {
  const out = new Map<number, Knockout[]>();
  if (!applicationIds.length) return out;
  const rows = await select(
    `SELECT application_id, qid, question, text_answer FROM application_answers WHERE knockout <> 0 AND application_id IN (${marks(applicationIds.length)}) ORDER BY application_id, position`,
    applicationIds,
  );
  for (const r of rows) {
    const id = Number(r.application_id);
    out.set(id, [...(out.get(id) ?? []), { qid: String(r.qid), question: String(r.question), answer: String(r.text_answer ?? '') }]);
  }
  return out;
}

export const dialect = () => (boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql');
export const select = <T extends object = Row>(sql: string, replacements: unknown[]) => boundSequelize().query<T>(sql, { replacements, type: QueryTypes.SELECT });

export interface ScopedOffer {
  id: number;
  job_code: string;
  recruiter_id: string;
  title: string;
  contract_type: string | null;
  company_name: string;
  company_picture: string | null;
  shopname: string | null;
  city: string | null;
  state: string;
  is_boosted: boolean | number;
  boost_ends_at: Date | string | null;
  recruiter_name: string | null;
  recruiter_email: string | null;
}

/**
 * The offer of a job code on the caller's side (its recruiter is in the reach: api/auth/access.ts);
 * 404 (the spec's "not allowed to access this page") otherwise, as if it did not exist. Its
 * candidates' reads and moves all start here.
 */
export async function scopedOffer(reach: Reach, jobCode: string): Promise<ScopedOffer> {
  if (!isJobCodeShape(jobCode)) throw notFound('offer_not_found', 'page_not_allowed');
  const [offer] = await select<ScopedOffer>(
    `SELECT o.id, o.job_code, o.recruiter_id, o.title, o.contract_type, o.company_name, o.company_picture, o.shopname, o.city, o.state,
            o.is_boosted, o.boost_ends_at, u.name AS recruiter_name, u.email AS recruiter_email
       FROM offers o LEFT JOIN users u ON u.id = o.recruiter_id
      WHERE o.job_code = ? AND o.state <> 'deleted'`,
    [jobCode],
  );
  if (!offer || !reachesRecruiter(reach, offer.recruiter_id)) throw notFound('offer_not_found', 'page_not_allowed');
  return { ...offer, id: Number(offer.id) };
}
