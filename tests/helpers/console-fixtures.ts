// Records the console tests need: offers, applications with questions, wishlist entries, leads.
import { Application, ApplicationAnswer, LandingInterest, Offer, User, WishlistEntry, transaction } from '../../models/index.js';
import { makeOffer as makePublicOffer } from './public-fixtures.js';
import { recountUsers } from '../../api/services/user-counters.service.js';

/** An offer of public-fixtures' makeOffer, with its recruiter's counters recomputed as the services do. */
export async function makeOffer(recruiterId: string, attrs: Partial<{ state: 'available' | 'closed'; title: string; company_name: string; city: string }> = {}) {
  const recruiter = await User.findByPk(recruiterId, { rejectOnEmpty: true });
  const offer = await makePublicOffer(recruiter, attrs);
  await transaction((t) => recountUsers([recruiterId], t));
  return offer;
}

/** An application with three questions; `done` says how many are answered. */
export async function makeApplication(candidateId: string, offer: Offer, opts: { done?: number; state?: 'applying' | 'complete' } = {}) {
  const app = await Application.create({
    candidate_id: candidateId, offer_id: offer.id, recruiter_id: offer.recruiter_id, state: opts.state ?? 'complete', recruiter_state: 'view',
    start_date: new Date(Date.now() - 3600_000), submit_date: opts.state === 'applying' ? null : new Date(), cv_key: null,
  });
  const done = opts.done ?? 3;
  for (let i = 1; i <= 3; i++) {
    await ApplicationAnswer.create({
      application_id: app.id, qid: `q${i}`, position: i, question: `Question ${i}`,
      upload_path: i <= done ? `stories/${app.id}/q${i}/index.m3u8` : null, method: i <= done ? 'app' : null, state: i <= done ? 'done' : null,
    });
  }
  await WishlistEntry.create({ candidate_id: candidateId, offer_id: offer.id, state: opts.state === 'applying' ? 'applying' : 'done' });
  await transaction((t) => recountUsers([candidateId, offer.recruiter_id as string], t));
  return app;
}

let leadSeq = 0;

export async function makeLead(attrs: Partial<{ email: string; notif: number; lastname: string; user_id: string | null; job_code: string }> = {}) {
  return LandingInterest.create({
    email: attrs.email ?? `lead${++leadSeq}@example.test`, job_code: attrs.job_code ?? 'ABC12', offer_id: null, firstname: 'Léa', lastname: attrs.lastname ?? 'Durand',
    phone_number: '0612345678', accept_cgu: true, cv_key: null, cgu_from: 'landing', custom: null, notif: attrs.notif ?? 2, notified_at: null,
    user_id: attrs.user_id ?? null,
  });
}
