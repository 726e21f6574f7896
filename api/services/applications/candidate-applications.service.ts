// A candidate's own applications (GET /apis/candidate/applications, the /candidate page, decision
// 283): each with its offer, what the candidate is told of it (models/rules/candidate-status.ts),
// how many answers are in, and the deadline of an unfinished one. Only the caller's own rows.
import { QueryTypes } from 'sequelize';
import { boundSequelize, type UserRow } from '../../../models/index.js';
import { readDate } from '../../../models/rules/dates.js';
import { finishDeadline } from '../../../models/rules/video.js';
import { candidateStatus, type CandidateStatus } from '../../../models/rules/candidate-status.js';
import { pictureSourcesOrNull, type PictureSources } from '../../../models/rules/storage-url.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { isCandidate } from '../../auth/access.js';

export interface OwnApplication {
  id: number;
  job_code: string;
  offer_title: string;
  company_name: string;
  company_picture: string | null;
  /**
   * The logo as the /candidate page draws it (64 CSS px, as on the offer page: the 100x100 copy;
   * a srcSet when a size drawn needs one), decision 310. Made here, not in the page: the rule
   * would add to the JavaScript every portal page loads.
   */
  company_picture_sources: PictureSources | null;
  status: CandidateStatus;
  answered: number;
  questions: number;
  start_date: string | null;
  submit_date: string | null;
  /** Until when it may be finished (unfinished ones only). */
  deadline: string | null;
}

/** The size the /candidate page draws each offer's logo at, in CSS pixels (its `.offer-head img` box). */
const OWN_LOGO_PX = 64;

export async function ownApplications(caller: UserRow | undefined, now: Date): Promise<OwnApplication[]> {
  if (!caller) throw unauthorized();
  if (!isCandidate(caller)) throw forbidden('candidates_only', 'candidates_only');
  const rows = await boundSequelize().query<Record<string, unknown>>(
    `SELECT a.id, a.state, a.recruiter_state, a.start_date, a.submit_date, o.job_code, o.title, o.company_name, o.company_picture, o.state AS offer_state,
            (SELECT COUNT(*) FROM application_answers x WHERE x.application_id = a.id) AS questions,
            (SELECT COUNT(*) FROM application_answers x WHERE x.application_id = a.id AND x.state = 'done' AND x.upload_path IS NOT NULL) AS answered
       FROM applications a JOIN offers o ON o.id = a.offer_id
      WHERE a.candidate_id = ?
      ORDER BY COALESCE(a.submit_date, a.start_date) DESC, a.id DESC
      LIMIT 200`,
    { replacements: [caller.id], type: QueryTypes.SELECT },
  );
  return rows.map((r) => {
    const start = readDate(r.start_date);
    const state = String(r.state);
    const status = candidateStatus({ state, recruiter_state: String(r.recruiter_state), start_date: start, offer_open: r.offer_state === 'available' }, now);
    return {
      id: Number(r.id),
      job_code: String(r.job_code),
      offer_title: String(r.title),
      company_name: String(r.company_name),
      company_picture: (r.company_picture as string | null) ?? null,
      company_picture_sources: pictureSourcesOrNull((r.company_picture as string | null) ?? null, OWN_LOGO_PX),
      status,
      answered: Number(r.answered),
      questions: Number(r.questions),
      start_date: start?.toISOString() ?? null,
      submit_date: readDate(r.submit_date)?.toISOString() ?? null,
      deadline: state === 'complete' ? null : (finishDeadline(start)?.toISOString() ?? null),
    };
  });
}
