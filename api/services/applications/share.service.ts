// Share links: a recruiter shares one application by a web link; an outside reviewer watches the
// answered questions on /feedback/{share_id} (at most max_views = 50 counted views per link) and
// leaves one vote and comment per view. public-web.md sections 3, 5, 7, 8; back-office.md 7.
import crypto from 'node:crypto';
import { Op, UniqueConstraintError, col, literal } from 'sequelize';
import { shareAudience, type MediaUrls } from '../../integrations/media-urls.js';
import { Application, ApplicationAnswer, Feedback, Offer, ShareLink, ShareView, User, transaction, type UserRow } from '../../../models/index.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { FeedbackInput, ShareRequest } from './share.schema.js';
import { mayReachOffer } from '../../auth/access.js';
import { pictureSourcesOrNull, type PictureSources } from '../../../models/rules/storage-url.js';

/** The size the feedback page draws the candidate's picture at, in CSS pixels. */
const FEEDBACK_PICTURE_PX = 64;

/** The error code and the message of a link past its cap: the feedback page translates it. */
export const MAX_VIEW_LIMIT = 'MaxViewLimit';

const PUBLIC_ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;
/** 144 random bits, URL-safe: share ids and view ids cannot be guessed or enumerated. */
const randomId = () => crypto.randomBytes(18).toString('base64url');

export interface SharedApplication {
  candidate: {
    name: string;
    picture: string | null;
    /** The picture as the feedback page draws it (64 CSS px: the 100x100 copy, decision 310), made here and not in the page's JavaScript. */
    picture_sources: PictureSources | null;
    phone: string | null;
    email: string;
  };
  recruiter: { name: string };
  offer: { job_code: string; title: string };
  questions: Array<{ id: string; question: string; url: string }>;
}

async function findLink(shareId: unknown): Promise<ShareLink> {
  const id = typeof shareId === 'string' ? shareId.trim() : '';
  const link = PUBLIC_ID_SHAPE.test(id) ? await ShareLink.findOne({ where: { share_id: id } }) : null;
  if (!link) throw notFound('share_not_found', 'share_not_found');
  return link;
}

/** The name shown as 'shared by': whoever made the link, else the application's recruiter. */
async function sharerName(link: ShareLink, application: Application): Promise<string> {
  const sharer = link.shared_by_id ? await User.findByPk(link.shared_by_id, { attributes: ['name'] }) : null;
  if (sharer) return sharer.name;
  const recruiter = await User.findByPk(application.recruiter_id, { attributes: ['name'] });
  return recruiter?.name ?? '';
}

/**
 * Counts one view of the link and answers the shared application with a fresh view id. The story
 * addresses are signed for the link (audience s<link id>): they last MEDIA_URL_LIFETIME_MS and
 * stop at once if the link is deleted; a link past its cap gets no new ones.
 * The cap holds under any concurrency: one conditional UPDATE (views < max_views) whose
 * affected-row count decides, and the view row, in one transaction.
 */
export async function viewSharedApplication(shareId: string, media: MediaUrls, now: Date): Promise<{ application: SharedApplication; viewId: string }> {
  const link = await findLink(shareId);
  // A link already known to be spent is refused without taking the row lock.
  if (link.views >= link.max_views) throw new AppError(403, MAX_VIEW_LIMIT, MAX_VIEW_LIMIT);
  const viewId = await transaction(async (t) => {
    const [counted] = await ShareLink.update({ views: literal('views + 1') }, { where: { id: link.id, views: { [Op.lt]: col('max_views') } }, transaction: t });
    if (counted !== 1) throw new AppError(403, MAX_VIEW_LIMIT, MAX_VIEW_LIMIT);
    const view = await ShareView.create({ view_id: randomId(), share_link_id: link.id, created_at: now }, { transaction: t });
    return view.view_id;
  });

  const application = await Application.findByPk(link.application_id, {
    include: [
      { model: User, as: 'candidate', attributes: ['name', 'picture', 'phone', 'email'] },
      { model: Offer, as: 'offer', attributes: ['job_code', 'title'] },
    ],
  });
  if (!application) throw notFound('share_not_found', 'share_not_found');
  const { candidate, offer } = application as Application & { candidate: User; offer: Offer };
  const answers = await ApplicationAnswer.findAll({
    where: { application_id: application.id, state: 'done', upload_path: { [Op.ne]: null } },
    order: [['position', 'ASC']],
  });
  return {
    viewId,
    application: {
      candidate: {
        name: candidate.name,
        picture: candidate.picture,
        picture_sources: pictureSourcesOrNull(candidate.picture, FEEDBACK_PICTURE_PX),
        phone: candidate.phone,
        email: candidate.email,
      },
      recruiter: { name: await sharerName(link, application) },
      offer: { job_code: offer.job_code, title: offer.title },
      questions: answers.map((a) => ({ id: a.qid, question: a.question, url: media.sign(a.upload_path!, shareAudience(link.id), now) })),
    },
  };
}

/** Stores a reviewer's vote and comment for one view; answers the name the page thanks with. */
export async function sendFeedback(data: FeedbackInput, now: Date): Promise<{ recruiterName: string }> {
  const link = await findLink(data.share_id);
  const view = await ShareView.findOne({ where: { view_id: data.view_id, share_link_id: link.id } });
  if (!view) throw notFound('view_not_found', 'view_not_found');
  try {
    // share_view_id is unique: one feedback per view, whatever arrives at the same time.
    await Feedback.create({
      share_link_id: link.id,
      share_view_id: view.id,
      name: data.name,
      comment: data.comment ?? null,
      feedback: data.feedback,
      created_at: now,
    });
  } catch (e) {
    if (e instanceof UniqueConstraintError) throw conflict('feedback_already_sent', 'feedback_already_sent');
    throw e;
  }
  const application = await Application.findByPk(link.application_id, { attributes: ['id', 'recruiter_id'] });
  return { recruiterName: application ? await sharerName(link, application) : '' };
}

/**
 * The share link of one application (back-office.md section 7): the link that still has views
 * left, or a new one when there is none (an exhausted link gets replaced, as the page's
 * 'ask the recruiter for a new link' message promises). Only the offer's side asks for it (staff,
 * the offer's recruiter, that recruiter's managers: api/auth/access.ts mayReachOffer).
 */
export async function createShareLink(caller: UserRow | undefined, data: ShareRequest, publicUrl: string, now: Date): Promise<{ shareItem: { Pk: string }; shareURL: string; created: boolean }> {
  if (!caller) throw unauthorized();
  const offer = await Offer.findOne({ where: { job_code: data.job_code } });
  if (!offer) throw notFound('offer_not_found', 'offer_not_found');
  if (!(await mayReachOffer(caller, offer))) throw forbidden();

  const { shareId, created } = await transaction(async (t) => {
    // The application row's lock serialises link creation for it (SQLite's queue does the same).
    const application = await Application.findOne({
      where: { offer_id: offer.id, candidate_id: data.candidate_id },
      transaction: t,
      lock: t.LOCK.UPDATE,
    });
    if (!application) throw notFound('application_not_found', 'application_not_found');
    if (data.recruiter_id !== offer.recruiter_id && data.recruiter_id !== application.recruiter_id) {
      throw notFound('offer_not_found', 'offer_not_found');
    }
    const open = await ShareLink.findOne({
      where: { application_id: application.id, views: { [Op.lt]: col('max_views') } },
      order: [['id', 'DESC']],
      transaction: t,
    });
    if (open) return { shareId: open.share_id, created: false };
    const link = await ShareLink.create({ share_id: randomId(), application_id: application.id, shared_by_id: caller.id, created_at: now, updated_at: now }, { transaction: t });
    return { shareId: link.share_id, created: true };
  });
  return { shareItem: { Pk: shareId }, shareURL: `${publicUrl}/feedback/${shareId}`, created };
}
