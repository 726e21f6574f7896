// Signed addresses of one application's private media (its CV and story videos) for a signed-in
// caller: the candidate, the offer's recruiter and the managers behind it, and staff; anyone else
// is told the application does not exist. docs/decisions/085-private-media-signed-urls.md.
import { Application, ApplicationAnswer, Feedback, Offer, ShareLink, type User } from '../../models/index.js';
import { notFound, unauthorized } from '../lib/errors.js';
import { userAudience, type MediaUrls } from '../integrations/media-urls.js';
import { canShare } from './share.service.js';

export interface ApplicationMedia {
  id: number;
  /** The CV's signed address, or null when the candidate sent none. */
  cv: string | null;
  /** url: the answer's signed playlist, null when there is none; expired_at: when the data lifecycle
   *  deleted its video, 12 months after publication (docs/decisions/167-data-lifecycle.md). */
  questions: Array<{ id: string; question: string; url: string | null; expired_at: string | null }>;
}

/** Whether a caller may see an application's CV and stories. */
export async function maySeeApplicationMedia(caller: User, application: Pick<Application, 'candidate_id' | 'recruiter_id'>, offer: Offer): Promise<boolean> {
  return caller.id === application.candidate_id || caller.id === application.recruiter_id || canShare(caller, offer);
}

/** The application a caller may see the media and reviews of; anyone else is told it does not exist. */
async function visibleApplication(caller: User | undefined, applicationId: unknown, candidateToo = true): Promise<Application> {
  if (!caller) throw unauthorized();
  const id = typeof applicationId === 'string' && /^\d{1,12}$/.test(applicationId) ? Number(applicationId) : NaN;
  const application = Number.isSafeInteger(id) ? await Application.findByPk(id) : null;
  const offer = application ? await Offer.findByPk(application.offer_id) : null;
  const allowed = application && offer && (candidateToo || caller.id !== application.candidate_id || caller.id === application.recruiter_id || caller.is_admin);
  if (!allowed || !(await maySeeApplicationMedia(caller, application, offer))) throw notFound('application_not_found', 'application_not_found');
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
export async function applicationFeedback(caller: User | undefined, applicationId: unknown): Promise<ApplicationFeedback> {
  const application = await visibleApplication(caller, applicationId, false);
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
export async function applicationMedia(caller: User | undefined, applicationId: unknown, media: MediaUrls, now: Date): Promise<ApplicationMedia> {
  if (!caller) throw unauthorized();
  const application = await visibleApplication(caller, applicationId);
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, order: [['position', 'ASC']] });
  const audience = userAudience(caller.id);
  return {
    id: application.id,
    cv: application.cv_key ? media.sign(application.cv_key, audience, now) : null,
    questions: answers.map((a) => ({
      id: a.qid,
      question: a.question,
      url: a.upload_path && a.state === 'done' ? media.sign(a.upload_path, audience, now) : null,
      expired_at: a.expired_at ? a.expired_at.toISOString() : null,
    })),
  };
}
