// One offer's candidates in the console: the CV address signed for the caller, and the state moved
// only by the section 4 rules (manager-applications-moves.service.ts), as POST /apis/application does.
import type { ServerPart } from '../types.js';
import { signedCvUrls } from '../signed-cvs.js';
import { moveApplication } from '../../services/applications/manager-applications-moves.service.js';
import { Application, Offer, type RecruiterState } from '../../../models/index.js';

export const offerApplicationsServer: ServerPart = {
  async decorate(ctx, rows) {
    const cvs = await signedCvUrls(ctx, Application, rows);
    return rows.map((r) => ({ ...r, cv_url: cvs.get(Number(r.id)) ?? null }));
  },
  // The console engine read the row inside the caller's scope first (404 otherwise).
  async update(ctx, id, data) {
    const app = await Application.findByPk(id, { attributes: ['candidate_id', 'offer_id'] });
    const offer = app ? await Offer.findByPk(app.offer_id, { attributes: ['job_code'] }) : null;
    if (!app || !offer || data.recruiter_state === undefined) return;
    await moveApplication(ctx.caller.user, offer.job_code, app.candidate_id as string, data.recruiter_state as RecruiterState, ctx.clock());
  },
};
