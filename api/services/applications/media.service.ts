// Signed addresses of one application's private media (its CV and story videos) for a signed-in
// caller: the candidate, the offer's recruiter and that recruiter's managers, and staff (decided by
// api/auth/access.ts); anyone else is told the application does not exist.
// docs/decisions/085-private-media-signed-urls.md and 190-who-may-see-an-applicant.md.
import { Application, ApplicationAnswer, Feedback, ShareLink, type UserRow } from '../../../models/index.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { userAudience, type MediaUrls } from '../../integrations/media-urls.js';
import { mayReachApplication, maySeeApplicationMedia } from '../../auth/access.js';
import { isRecordId } from '../../../models/rules/ids.js';
import type { QuestionType } from '../../../models/rules/questions.js';

export interface ApplicationMedia {
  id: number;
  /** The CV's signed address, or null when the candidate sent none. */
  cv: string | null;
  /** url: the answer's signed playlist, null when there is none; expired_at: when the data lifecycle
   *  deleted its video, 12 months after publication (docs/decisions/167-data-lifecycle.md). */
  questions: Array<{
    id: string;
    question: string;
    url: string | null;
    expired_at: string | null;
    /** The question's type, the text given or the option chosen (decision 455). */
    type: QuestionType;
    answer: string | null;
    /** The option chosen does not meet a requirement: told to the offer's side only, never to the candidate. */
    knockout?: boolean;
  }>;
}

/**
 * The application a caller may see: its media for the candidate and the offer's side ('media'), its
 * reviewers' feedback for the offer's side only ('offer'); anyone else is told it does not exist.
 */
async function visibleApplication(caller: UserRow | undefined, applicationId: unknown, what: 'media' | 'offer'): Promise<Application> {
  if (!caller) throw unauthorized();
  const id = typeof applicationId === 'string' && isRecordId(applicationId) ? Number(applicationId) : NaN;
  const application = Number.isSafeInteger(id) ? await Application.findByPk(id) : null;
  const allowed = application && (what === 'media' ? await maySeeApplicationMedia(caller, application) : await mayReachApplication(caller, application));
  if (!allowed) throw notFound('application_not_found', 'application_not_found');
  return application;
}

export interface ApplicationFeedback {
  id: number;
  /** Votes up (1) and down (-1) over every share link of the application. */
  up: number;
  down: number;
  /** What each outside reviewer voted and wrote, newest first. */
  items: Array<{ name: string; feedback: number; comment: string | null; created_at: string }>;
}

/**
 * What outside reviewers voted and wrote on the application's share links (the candidate panel):
 * for the offer's side only; the candidate is told the application does not exist.
 */
export async function applicationFeedback(caller: UserRow | undefined, applicationId: unknown): Promise<ApplicationFeedback> {
  const application = await visibleApplication(caller, applicationId, 'offer');
  const links = await ShareLink.findAll({ where: { application_id: application.id }, attributes: ['id'] });
  const rows = links.length
    ? await Feedback.findAll({
        where: { share_link_id: links.map((l) => l.id) },
        order: [
          ['created_at', 'DESC'],
          ['id', 'DESC'],
        ],
      })
    : [];
  return {
    id: application.id,
    up: rows.filter((r) => r.feedback > 0).length,
    down: rows.filter((r) => r.feedback < 0).length,
    items: rows.map((r) => ({ name: r.name, feedback: r.feedback, comment: r.comment, created_at: new Date(r.created_at).toISOString() })),
  };
}

/** Signs every private key of one application for the caller (audience u<caller id>). */
export async function applicationMedia(caller: UserRow | undefined, applicationId: unknown, media: MediaUrls, now: Date): Promise<ApplicationMedia> {
  if (!caller) throw unauthorized();
  const application = await visibleApplication(caller, applicationId, 'media');
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, order: [['position', 'ASC']] });
  const audience = userAudience(caller.id);
  const offerSide = await mayReachApplication(caller, application);
  return {
    id: application.id,
    cv: application.cv_key ? media.sign(application.cv_key, audience, now) : null,
    questions: answers.map((a) => ({
      id: a.qid,
      question: a.question,
      url: a.upload_path && a.state === 'done' ? media.sign(a.upload_path, audience, now) : null,
      expired_at: a.expired_at ? a.expired_at.toISOString() : null,
      type: a.type,
      answer: a.text_answer,
      ...(offerSide ? { knockout: a.knockout } : {}),
    })),
  };
}
