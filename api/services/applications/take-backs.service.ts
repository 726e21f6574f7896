// Giving a take back (issue 27, docs/decisions/465-give-a-take-back.md). With a limited number of
// retakes (decision 405) a candidate whose takes are all counted and who has no file on the server
// for that question (a recording made and never sent, a tab closed during the replay) can no
// longer answer it. The offer's side (its recruiter, their managers, staff: api/auth/access.ts
// mayGiveTakeBack) gives one take back for one question of one application: the answer's take
// counter goes down by one, in one transaction with the row locked and the audit line, so two
// clicks at once give one take (the second finds a take left: 409). The candidate is told by
// e-mail in their language (a job queued in the same transaction).
import { Op, type Transaction } from 'sequelize';
import { AnswerUpload, Application, ApplicationAnswer, Offer, User, transaction, type UserRow } from '../../../models/index.js';
import { takesAllowed, takesUsedUp } from '../../../models/rules/interview.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { enqueue } from '../../lib/job-queue.js';
import { companyReach, mayGiveTakeBack } from '../../auth/access.js';
import { audit } from '../platform/audit.service.js';
import { interviewOf } from './video-answers.service.js';
import { scopedOffer } from './manager-applications-scope.js';
import type { TakeBackInput, UsedUpTakesQuery } from './take-backs.schema.js';

/** The candidate's e-mail: a take was given back, with the link to their interview. */
export const TAKE_BACK_MAIL_JOB = 'application-take-back-mail';

export interface UsedUpTake {
  application_id: number;
  qid: string;
  question: string;
  takes: number;
  candidate: { name: string; email: string };
}

/** Answers that are video answers, not answered, with no file being prepared, whose takes are used up. */
async function usedUpOf(applications: Array<Pick<Application, 'id' | 'offer_id' | 'candidate_id'>>): Promise<UsedUpTake[]> {
  if (!applications.length) return [];
  const offers = await Offer.findAll({ where: { id: [...new Set(applications.map((a) => a.offer_id))] }, attributes: ['id', 'think_seconds', 'answer_seconds', 'retakes'] });
  const settings = new Map(offers.map((o) => [o.id, interviewOf(o)]));
  const answers = await ApplicationAnswer.findAll({
    where: { application_id: applications.map((a) => a.id), type: 'video', state: { [Op.or]: [null, { [Op.ne]: 'done' }] } },
    attributes: ['id', 'application_id', 'qid', 'question', 'takes', 'position'],
    order: [
      ['application_id', 'ASC'],
      ['position', 'ASC'],
    ],
  });
  const byId = new Map(applications.map((a) => [a.id, a]));
  const stuck = answers.filter((a) => {
    const app = byId.get(a.application_id as number)!;
    return takesUsedUp(settings.get(app.offer_id)!, a.takes);
  });
  if (!stuck.length) return [];
  const sending = new Set((await AnswerUpload.findAll({ where: { answer_id: stuck.map((a) => a.id), state: 'processing' }, attributes: ['answer_id'] })).map((u) => u.answer_id as number));
  const people = new Map((await User.findAll({ where: { id: [...new Set(applications.map((a) => a.candidate_id as string))] }, attributes: ['id', 'name', 'email'] })).map((u) => [u.id, u]));
  return stuck
    .filter((a) => !sending.has(a.id))
    .map((a) => {
      const person = people.get(byId.get(a.application_id as number)!.candidate_id as string);
      return { application_id: a.application_id as number, qid: a.qid, question: a.question, takes: a.takes, candidate: { name: person?.name ?? '', email: person?.email ?? '' } };
    });
}

/**
 * GET /apis/take-backs: the answers whose takes are used up, of one offer (job_code: the offer on
 * the caller's side, else 404) or of one application (within the caller's reach, else 404).
 */
export async function usedUpTakes(caller: UserRow | undefined, q: UsedUpTakesQuery): Promise<{ Items: UsedUpTake[] }> {
  const reach = await companyReach(caller);
  if (q.job_code !== undefined) {
    const offer = await scopedOffer(reach, q.job_code);
    const apps = await Application.findAll({ where: { offer_id: offer.id, state: 'applying' }, attributes: ['id', 'offer_id', 'candidate_id'] });
    return { Items: await usedUpOf(apps) };
  }
  const app = await Application.findByPk(q.application_id, { attributes: ['id', 'offer_id', 'candidate_id', 'recruiter_id', 'state'] });
  if (!app || !(await mayGiveTakeBack(caller!, app))) throw notFound('application_not_found', 'application_not_found');
  return { Items: app.state === 'applying' ? await usedUpOf([app]) : [] };
}

export interface TakeBackView {
  application_id: number;
  qid: string;
  takes: number;
  takes_left: number | null;
}

/**
 * POST /apis/take-backs: one take back for one question. 404 when the application is not on the
 * caller's side (or does not exist) or has no such question; 409 application_complete; 422
 * answer_type_mismatch for a text or choice question; 409 takes_not_used_up when the candidate can
 * still record it (unlimited retakes, a take left, or a take given back a moment ago); 409
 * answer_being_sent when a file for it is being prepared or is there.
 */
export async function giveTakeBack(caller: UserRow | undefined, input: TakeBackInput, now: Date): Promise<TakeBackView> {
  await companyReach(caller);
  const app = await Application.findByPk(input.application_id, { attributes: ['id', 'offer_id', 'candidate_id', 'recruiter_id', 'state'] });
  if (!app || !(await mayGiveTakeBack(caller!, app))) throw notFound('application_not_found', 'application_not_found');
  const offer = await Offer.findByPk(app.offer_id, { attributes: ['think_seconds', 'answer_seconds', 'retakes'] });
  const settings = interviewOf(offer!);
  return transaction(async (t: Transaction) => {
    // An application completes only once this answer is done (checked below under the answer's lock).
    if (app.state === 'complete') throw conflict('application_complete', 'take_back_application_complete');
    const answer = await ApplicationAnswer.findOne({ where: { application_id: app.id, qid: input.qid }, transaction: t, lock: t.LOCK.UPDATE });
    if (!answer) throw notFound('answer_not_found', 'answer_not_found');
    if (answer.type !== 'video') throw new AppError(422, 'answer_type_mismatch', 'take_back_not_video');
    if (answer.state === 'done' || (await AnswerUpload.count({ where: { answer_id: answer.id, state: 'processing' }, transaction: t }))) throw conflict('answer_being_sent', 'take_back_answer_sent');
    if (!takesUsedUp(settings, answer.takes)) throw conflict('takes_not_used_up', 'take_back_not_used_up');
    const before = answer.takes;
    // Conditional on the count read under the lock: never two takes for two clicks, on any database.
    const [changed] = await ApplicationAnswer.update({ takes: before - 1 }, { where: { id: answer.id, takes: before }, transaction: t });
    if (changed !== 1) throw conflict('takes_not_used_up', 'take_back_not_used_up');
    await audit(t, {
      actorId: caller!.id,
      action: 'take_back',
      resource: 'applications',
      recordId: app.id,
      before: { qid: input.qid, takes: before },
      after: { qid: input.qid, takes: before - 1 },
      at: now,
    });
    await enqueue(TAKE_BACK_MAIL_JOB, { application_id: app.id, qid: input.qid }, { transaction: t });
    const allowed = takesAllowed(settings)!;
    return { application_id: app.id, qid: input.qid, takes: before - 1, takes_left: Math.max(0, allowed - (before - 1)) };
  });
}
