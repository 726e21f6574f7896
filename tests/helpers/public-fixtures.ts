// Records the public API tests build on: offers with questions, applications with answers,
// custom landings, share links. Each call makes fresh, unique rows.
import crypto from 'node:crypto';
import {
  Application, ApplicationAnswer, CustomLanding, Offer, OfferQuestion, ShareLink, Upload, type OfferState, type User,
} from '../../models/index.js';

const code = () => crypto.randomBytes(4).toString('hex').toUpperCase().replace(/[IOU]/g, 'A').slice(0, 6);

export async function makeOffer(
  recruiter: User,
  attrs: Partial<{ job_code: string; title: string; company_name: string; company_hash: string | null; shopname: string | null;
    shop_id: number | null; state: OfferState; created_by_id: string | null; city: string | null; questions: string[] }> = {},
): Promise<Offer> {
  const offer = await Offer.create({
    job_code: attrs.job_code ?? code(),
    recruiter_id: recruiter.id,
    created_by_id: attrs.created_by_id ?? null,
    shop_id: attrs.shop_id ?? null,
    shopname: attrs.shopname ?? null,
    title: attrs.title ?? 'Vendeur H/F',
    company_name: attrs.company_name ?? 'Boulangeries Martin',
    company_hash: attrs.company_hash ?? null,
    company_picture: null, company_description: null,
    description: 'Accueil et vente en boutique.',
    candidate_qualification: null, candidate_experience: null, candidate_graduation: null, contract_type: 'cdi', tags: null,
    start_date: null, pay_min: null, pay_max: null,
    street: null, city: attrs.city ?? 'Lille', zip_code: '59000', area: null, sub_area: null, country: 'France', country_iso: 'FR',
    lat: null, lng: null,
    state: attrs.state ?? 'available',
    boosted_at: null,
  });
  const questions = attrs.questions ?? ['Présentez-vous.', 'Pourquoi ce poste ?', 'Vos disponibilités ?'];
  await OfferQuestion.bulkCreate(questions.map((q, i) => ({ offer_id: offer.id, qid: `q${i + 1}`, position: i + 1, question: q })));
  return offer;
}

/** An application to offer with one answer per question; answered lists the qids that are done. */
export async function makeApplication(candidate: User, offer: Offer, answered: string[] = ['q1', 'q2', 'q3']): Promise<Application> {
  const application = await Application.create({
    candidate_id: candidate.id, offer_id: offer.id, recruiter_id: offer.recruiter_id,
    state: 'complete', start_date: new Date(), submit_date: new Date(), cv_key: null,
  });
  const questions = await OfferQuestion.findAll({ where: { offer_id: offer.id }, order: [['position', 'ASC']] });
  await ApplicationAnswer.bulkCreate(
    questions.map((q) => ({
      application_id: application.id, qid: q.qid, position: q.position, question: q.question,
      upload_path: answered.includes(q.qid) ? `stories/${application.id}/${q.qid}/index.m3u8` : null,
      method: 'storage', state: answered.includes(q.qid) ? 'done' : null,
    })),
  );
  return application;
}

export async function makeLanding(attrs: Partial<{ identifier: string; name: string; logo_src: string | null }> = {}): Promise<CustomLanding> {
  const name = attrs.name ?? `Enseigne ${crypto.randomBytes(3).toString('hex')}`;
  return CustomLanding.create({
    identifier: attrs.identifier ?? `land-${crypto.randomBytes(3).toString('hex')}`,
    name, company_hash: name, select_description: null, informations_description: null, logo_src: attrs.logo_src ?? null,
  });
}

export async function makeShareLink(application: Application, sharedBy: User | null, attrs: Partial<{ views: number; max_views: number }> = {}): Promise<ShareLink> {
  return ShareLink.create({
    share_id: crypto.randomBytes(18).toString('base64url'), application_id: application.id, shared_by_id: sharedBy?.id ?? null, ...attrs,
  });
}

export async function makeUpload(kind: 'cv' | 'image'): Promise<Upload> {
  const ext = kind === 'cv' ? 'pdf' : 'png';
  return Upload.create({
    key: `picture/${crypto.randomBytes(4).toString('hex')}.${ext}`, kind, content_type: kind === 'cv' ? 'application/pdf' : 'image/png',
    size: 1234, owner_id: null,
  });
}
