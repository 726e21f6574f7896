// Staff actions on applications (back-office.md section 4): reset and force-send.
import { retryingTransaction } from '../platform/retry-transaction.js';
import { Application, ApplicationAnswer } from '../../../models/index.js';
import { invalid, notFound } from '../../lib/errors.js';
import { audit } from '../platform/audit.service.js';
import { CounterChanges, counted, setWishlistState } from './user-counters.service.js';
import type { Actor } from '../accounts/staff-users.service.js';

/** The method a re-recorded answer uses: the candidate records again in the app. */
export const RESET_METHOD = 'storage';

function plain(a: Application, answers: ApplicationAnswer[]) {
  return {
    state: a.state,
    recruiter_state: a.recruiter_state,
    start_date: a.start_date,
    questions: answers.map((q) => ({ id: q.qid, question: q.question, uploadPath: q.upload_path, method: q.method, state: q.state })),
  };
}

/**
 * Reset: the application goes back to applying; every question not done loses its answer
 * (state undefined, method storage); start date now; the wishlist entry becomes applying.
 * Refused when no question is undone.
 */
export async function resetApplication(actor: Actor, applicationId: string, now: Date) {
  return retryingTransaction(async (t) => {
    const app = await Application.findByPk(applicationId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!app) throw notFound('application_not_found', 'console_not_a_candidate_application');
    const answers = await ApplicationAnswer.findAll({ where: { application_id: app.id }, order: [['position', 'ASC']], transaction: t });
    const undone = answers.filter((q) => q.state !== 'done');
    if (!undone.length) throw invalid('nothing_to_reset', 'console_reset_nothing');
    const before = plain(app, answers);
    const counts = (await new CounterChanges().lock(t, { offers: [app.offer_id] })).application(counted(app), null);
    await ApplicationAnswer.update({ state: null, method: RESET_METHOD, upload_path: null }, { where: { id: undone.map((q) => q.id) }, transaction: t });
    await app.update({ state: 'applying', start_date: now }, { transaction: t });
    await setWishlistState(app.candidate_id as string, app.offer_id, 'applying', t, counts);
    // candidates_count counts complete applications: a reset one no longer counts.
    await counts.application(null, counted(app)).apply(t);
    const after = plain(app, await ApplicationAnswer.findAll({ where: { application_id: app.id }, order: [['position', 'ASC']], transaction: t }));
    await audit(t, { actorId: actor.id, action: 'reset', resource: 'applications', recordId: app.id, before, after, at: now });
    return { id: app.id, ...after };
  });
}

/** Force-send: the application is complete and new for the recruiter. */
export async function forceSendApplication(actor: Actor, applicationId: string, now: Date) {
  return retryingTransaction(async (t) => {
    const app = await Application.findByPk(applicationId, { transaction: t, lock: t.LOCK.UPDATE });
    if (!app) throw notFound('application_not_found', 'console_not_a_candidate_application');
    const before = { state: app.state, recruiter_state: app.recruiter_state, submit_date: app.submit_date };
    const counts = (await new CounterChanges().lock(t, { offers: [app.offer_id] })).application(counted(app), null);
    await app.update({ state: 'complete', recruiter_state: 'new', submit_date: app.submit_date ?? now }, { transaction: t });
    await setWishlistState(app.candidate_id as string, app.offer_id, 'done', t, counts);
    await counts.application(null, counted(app)).apply(t);
    const after = { state: app.state, recruiter_state: app.recruiter_state, submit_date: app.submit_date };
    await audit(t, { actorId: actor.id, action: 'force-send', resource: 'applications', recordId: app.id, before, after, at: now });
    // The questions as sent, so the console can say with how many answers it went out.
    const answers = await ApplicationAnswer.findAll({ where: { application_id: app.id }, order: [['position', 'ASC']], transaction: t });
    return { id: app.id, ...after, questions: plain(app, answers).questions };
  });
}
