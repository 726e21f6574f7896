// Input of PUT /apis/candidate/applications/:id/answers/:qid (a text or choice answer, decision 455),
// applied by the validation middleware and by the apply page before it sends (components/apply/WrittenAnswer.tsx).
// The shape only (400 answer_invalid): one text or one option's index. What the question accepts
// (its type, the text's length, the options) is the service's check, 422 (written-answers.service.ts).
import * as z from 'zod/mini';

export const writtenAnswerSchema = z.union(
  [
    z.strictObject({ text: z.string('answer_invalid') }, 'answer_invalid'),
    z.strictObject({ choice: z.number('answer_invalid').check(z.int('answer_invalid'), z.gte(0, 'answer_invalid')) }, 'answer_invalid'),
  ],
  'answer_invalid',
);
export type WrittenAnswer = z.output<typeof writtenAnswerSchema>;
