// One candidate of an offer as the manager area's panel shows them (GET /apis/application/{job_code}/
// {candidate_sub}; back-office.md section 4): the list's fields, their answers with signed story
// addresses, and what reviewers said on their share links.
import type { UserRow } from '../../../models/index.js';
import { notFound } from '../../lib/errors.js';
import { companyReach } from '../../auth/access.js';
import { userAudience, type MediaUrls } from '../../integrations/media-urls.js';
import { applicationFields, iso, knockoutsOf, scopedOffer, select } from './manager-applications-scope.js';

/** One candidate of an offer: the list's fields, their answers (signed story addresses) and what reviewers said on their share links. */
export async function offerApplication(caller: UserRow | undefined, jobCode: string, candidateSub: string, media: MediaUrls, now: Date) {
  const reach = await companyReach(caller);
  const offer = await scopedOffer(reach, jobCode);
  const [r] = await select(
    `SELECT a.id, a.candidate_id, a.recruiter_id, a.recruiter_state, a.submit_date, a.start_date, a.cv_key, u.name, u.email, u.phone, u.picture
       FROM applications a JOIN users u ON u.id = a.candidate_id
      WHERE a.offer_id = ? AND a.candidate_id = ? AND a.state = 'complete'`,
    [offer.id, candidateSub],
  );
  if (!r) throw notFound('application_not_found', 'application_not_found');
  const audience = userAudience(caller!.id);
  const answers = await select(`SELECT qid, question, upload_path, state, type, text_answer, knockout FROM application_answers WHERE application_id = ? ORDER BY position`, [r.id]);
  const feedbacks = await select(
    `SELECT f.name, f.feedback, f.comment, f.created_at, s.share_id FROM feedbacks f JOIN share_links s ON s.id = f.share_link_id WHERE s.application_id = ? ORDER BY f.created_at DESC, f.id DESC`,
    [r.id],
  );
  return {
    Item: {
      ...applicationFields(r, media, audience, now),
      start_date: iso(r.start_date),
      recruiter_id: String(r.recruiter_id),
      job_code: offer.job_code,
      questions: answers.map((a) => ({
        id: String(a.qid),
        question: String(a.question),
        state: a.state ?? undefined,
        url: a.state === 'done' && a.upload_path ? media.sign(String(a.upload_path), audience, now) : null,
        // Its type, the text given or the option chosen, and whether that option is a knockout (decision 455).
        type: String(a.type ?? 'video'),
        answer: (a.text_answer as string | null) ?? null,
        knockout: Boolean(Number(a.knockout)),
      })),
      knockouts: (await knockoutsOf([Number(r.id)])).get(Number(r.id)) ?? [],
      feedbacks: feedbacks.map((f) => ({
        share_id: String(f.share_id),
        name: String(f.name),
        feedback: Number(f.feedback),
        comment: (f.comment as string | null) ?? null,
        created: iso(f.created_at),
      })),
    },
  };
}
