// Applications: each row carries its questions and the "bad" flag (section 4); staff reset or
// force-send them through the applications service.
import { ApplicationAnswer } from '../../index.js';
import type { ServerPart } from '../../../api/console/types.js';
import * as apps from '../../../api/services/staff-applications.service.js';
import { isBadApplication } from '../../../api/services/user-cards.service.js';

export const applicationsServer: ServerPart = {
  async decorate(_ctx, rows) {
    if (!rows.length) return rows;
    const answers = await ApplicationAnswer.findAll({ where: { application_id: rows.map((r) => Number(r.id)) }, order: [['position', 'ASC']], raw: true });
    return rows.map((r) => {
      const questions = answers
        .filter((q) => Number(q.application_id) === Number(r.id))
        .map((q) => ({ id: q.qid, question: q.question, uploadPath: q.upload_path, method: q.method, state: q.state ?? undefined }));
      return { ...r, questions, is_bad: isBadApplication(questions) };
    });
  },
  actions: {
    reset: (ctx, id) => apps.resetApplication({ id: ctx.caller.user.id }, id, ctx.clock()),
    'force-send': (ctx, id) => apps.forceSendApplication({ id: ctx.caller.user.id }, id, ctx.clock()),
  },
};
