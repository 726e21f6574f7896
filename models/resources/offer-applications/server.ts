// One offer's candidates in the console: the CV address signed for the caller, and the state moved
// only by the section 4 rules (manager-applications.service.ts), as POST /apis/application does.
import type { ServerPart } from '../../../api/console/types.js';
import { userAudience } from '../../../api/integrations/media-urls.js';
import { moveApplication } from '../../../api/services/manager-applications.service.js';
import { Application, Offer, type RecruiterState } from '../../index.js';

export const offerApplicationsServer: ServerPart = {
  async decorate(ctx, rows) {
    if (!rows.length) return rows;
    const now = ctx.clock();
    const audience = userAudience(ctx.caller.user.id);
    const cvs = new Map((await Application.findAll({ where: { id: rows.map((r) => Number(r.id)) }, attributes: ['id', 'cv_key'], raw: true })).map((a) => [Number(a.id), a.cv_key]));
    return rows.map((r) => {
      const key = cvs.get(Number(r.id));
      return { ...r, cv_url: key ? ctx.media.sign(key, audience, now) : null };
    });
  },
  // The console engine read the row inside the caller's scope first (404 otherwise).
  async update(ctx, id, data) {
    const app = await Application.findByPk(id, { attributes: ['candidate_id', 'offer_id'] });
    const offer = app ? await Offer.findByPk(app.offer_id, { attributes: ['job_code'] }) : null;
    if (!app || !offer || data.recruiter_state === undefined) return;
    await moveApplication(ctx.caller.user, offer.job_code, app.candidate_id as string, data.recruiter_state as RecruiterState, ctx.clock());
  },
};
