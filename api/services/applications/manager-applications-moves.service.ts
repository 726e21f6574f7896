// The move of one candidate of an offer between recruiter states (POST /apis/application/{job_code}/
// {candidate_sub}, and the staff console's action; back-office.md section 4): the section 4 rules,
// one conditional UPDATE, the counters, the audit line and the scheduled rejection (decision 281).
import { QueryTypes } from 'sequelize';
import { boundSequelize, transaction, type RecruiterState, type UserRow } from '../../../models/index.js';
import { canMove } from '../../../models/rules/recruiter-states.js';
import { sqlDate } from '../../../models/columns.js';
import { AppError, notFound } from '../../lib/errors.js';
import { companyReach } from '../../auth/access.js';
import { CounterChanges } from './user-counters.service.js';
import { audit } from '../platform/audit.service.js';
import { scheduleRejection } from './candidate-news.service.js';
import { emitWebhookEvent } from '../webhooks/webhooks.service.js';
import { dialect, scopedOffer } from './manager-applications-scope.js';

/**
 * Moves one candidate of an offer to `to` by the rules of section 4 (models/rules/recruiter-states.ts).
 * One conditional UPDATE on the state read decides: two moves at once cannot both pass from the same
 * state. Staying in the same state is answered unchanged; any other move is 409 transition_not_allowed.
 */
export async function moveApplication(caller: UserRow | undefined, jobCode: string, candidateSub: string, to: RecruiterState, now: Date) {
  const reach = await companyReach(caller);
  const offer = await scopedOffer(reach, jobCode);
  return transaction(async (t) => {
    const sequelize = boundSequelize();
    const [app] = await sequelize.query<{ id: number; recruiter_state: RecruiterState; recruiter_id: string; candidate_id: string; is_reco: boolean | number }>(
      `SELECT id, recruiter_state, recruiter_id, candidate_id, is_reco FROM applications WHERE offer_id = ? AND candidate_id = ? AND state = 'complete'`,
      { replacements: [offer.id, candidateSub], type: QueryTypes.SELECT, transaction: t },
    );
    if (!app) throw notFound('application_not_found', 'application_not_found');
    const from = app.recruiter_state;
    const item = (state: RecruiterState) => ({ job_code: offer.job_code, candidate_sub: candidateSub, recruiter_state: state, previous_state: from });
    if (from === to) return { error: false, changed: false, Item: item(to) };
    if (!canMove(from, to)) throw new AppError(409, 'transition_not_allowed', 'transition_not_allowed', { from, to });
    const counts = await new CounterChanges().lock(t, { offers: [offer.id] });
    const [, changed] = await sequelize.query(`UPDATE applications SET recruiter_state = ?, updated_at = ? WHERE id = ? AND recruiter_state = ? AND state = 'complete'`, {
      replacements: [to, sqlDate(now, dialect()), app.id, from],
      type: QueryTypes.UPDATE,
      transaction: t,
    });
    if (Number(changed) !== 1) throw new AppError(409, 'transition_not_allowed', 'transition_not_allowed', { from, to });
    await counts.application({ ...app, offer_id: offer.id, state: 'complete' }, { ...app, offer_id: offer.id, state: 'complete', recruiter_state: to }).apply(t);
    await audit(t, { actorId: caller!.id, action: 'recruiter_state', resource: 'applications', recordId: app.id, before: { recruiter_state: from }, after: { recruiter_state: to }, at: now });
    await emitWebhookEvent(
      t,
      'application.state_changed',
      { recruiterId: app.recruiter_id },
      { application_id: app.id, job_code: offer.job_code, candidate_sub: candidateSub, recruiter_state: to, previous_state: from },
      now,
    );
    // A rejection becomes final, and the candidate is told, when its delay is over (decision 281):
    // the company sees when.
    if (to === 'wait_reject') return { error: false, changed: true, Item: { ...item(to), reject_at: (await scheduleRejection(app.id, now, t)).toISOString() } };
    return { error: false, changed: true, Item: item(to) };
  });
}
