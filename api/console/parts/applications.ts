// Applications: each row carries its questions and the "bad" flag (section 4); staff reset or
// force-send them through the applications service.
import { Application, ApplicationAnswer } from '../../../models/index.js';
import { userAudience } from '../../integrations/media-urls.js';
import type { ServerPart } from '../types.js';
import * as apps from '../../services/applications/staff-applications.service.js';
import { isBadApplication } from '../../services/accounts/user-cards.service.js';

export const applicationsServer: ServerPart = {
  // The console only hands rows the caller may see (candidate: their own; recruiter: their own;
  // staff: all), so each row's CV and stories come with addresses signed for the caller.
  async decorate(ctx, rows) {
    if (!rows.length) return rows;
    const now = ctx.clock();
    const audience = userAudience(ctx.caller.user.id);
    const sign = (key: string | null | undefined) => (key ? ctx.media.sign(key, audience, now) : null);
    const ids = rows.map((r) => Number(r.id));
    const answers = await ApplicationAnswer.findAll({ where: { application_id: ids }, order: [['position', 'ASC']], raw: true });
    const cvs = new Map((await Application.findAll({ where: { id: ids }, attributes: ['id', 'cv_key'], raw: true })).map((a) => [Number(a.id), a.cv_key]));
    return rows.map((r) => {
      const questions = answers
        .filter((q) => Number(q.application_id) === Number(r.id))
        .map((q) => ({ id: q.qid, question: q.question, uploadPath: q.upload_path, url: q.state === 'done' ? sign(q.upload_path) : null, method: q.method, state: q.state ?? undefined }));
      return { ...r, questions, cv_url: sign(cvs.get(Number(r.id))), is_bad: isBadApplication(questions) };
    });
  },
  actions: {
    reset: (ctx, id) => apps.resetApplication({ id: ctx.caller.user.id }, id, ctx.clock()),
    'force-send': (ctx, id) => apps.forceSendApplication({ id: ctx.caller.user.id }, id, ctx.clock()),
  },
};
