// Text and choice answers (issue 27, docs/decisions/455-question-types.md): the candidate's answer
// to a text or one-choice question of their own application, checked against the question (its
// type, the text's length, the options) and stored with the application's completion in one
// transaction. A choice marked as a knockout flags the answer: shown to the recruiter, it never
// hides nor rejects the candidate.
import { Application, ApplicationAnswer, OfferQuestion, transaction, type UserRow } from '../../../models/index.js';
import { TEXT_ANSWER_MAX_LENGTH } from '../../../models/rules/questions.js';
import { AppError, conflict } from '../../lib/errors.js';
import { answerTypeMismatch, completeIfAllReady, openAnswer } from './video-answers.service.js';
import type { WrittenAnswer } from './written-answers.schema.js';

const refused = (code: string, details?: Record<string, unknown>) => new AppError(422, code, code, details);

/** The text or option to store for this answer, or a 422 naming what the question expects. */
async function checkedAnswer(answer: ApplicationAnswer, offerId: number, body: WrittenAnswer): Promise<Pick<ApplicationAnswer, 'text_answer' | 'choice' | 'knockout'>> {
  if (answer.type === 'text') {
    if (!('text' in body)) throw answerTypeMismatch(answer.type);
    const text = body.text.trim();
    if (text === '') throw refused('answer_text_empty');
    if (text.length > TEXT_ANSWER_MAX_LENGTH) throw refused('answer_text_too_long', { max: TEXT_ANSWER_MAX_LENGTH });
    return { text_answer: text, choice: null, knockout: false };
  }
  if (!('choice' in body)) throw answerTypeMismatch(answer.type);
  const question = await OfferQuestion.findOne({ where: { offer_id: offerId, qid: answer.qid }, attributes: ['options'] });
  const option = question?.options?.[body.choice];
  if (!option) throw refused('answer_choice_invalid', { options: question?.options?.length ?? 0 });
  return { text_answer: option.label, choice: body.choice, knockout: option.knockout === true };
}

/**
 * PUT /apis/candidate/applications/{id}/answers/{qid}: the caller's own application, still being
 * answered and within its deadline (409 otherwise, as for a recording), the question a text or
 * choice one (422 answer_type_mismatch otherwise). Given again before the application is complete,
 * the answer is replaced. The application completes here when this was the last answer missing.
 */
export async function giveWrittenAnswer(caller: UserRow | undefined, applicationId: number, qid: string, body: WrittenAnswer, now: Date): Promise<void> {
  const { application, answer } = await openAnswer(caller, applicationId, qid, now, true);
  const values = await checkedAnswer(answer, application.offer_id, body);
  await transaction(async (t) => {
    // The application first: answers given at once complete it once, and never after it completed.
    const locked = await Application.findByPk(application.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!locked || locked.state === 'complete') throw conflict('application_complete', 'application_complete');
    await ApplicationAnswer.update({ ...values, state: 'done' }, { where: { id: answer.id }, transaction: t });
    await completeIfAllReady(application.id, t, now);
  });
}
