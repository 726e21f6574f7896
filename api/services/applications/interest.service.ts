// Interest applications: the web application form of a public offer and the landing lead
// (POST /apis/submit-interest). One lead per (job_code, email), held by the unique key of
// landing_interests so that simultaneous duplicates store exactly one record.
import { UniqueConstraintError } from 'sequelize';
import { CustomLanding, LandingInterest, Offer, transaction } from '../../../models/index.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { LANDING_CGU_FROM, type Interest } from './interest.schema.js';
import { findUpload } from '../platform/uploads.service.js';
import { writeOnce } from '../../../models/write-once.js';
import type { Lang } from '../../../config/i18n/index.js';
import { enqueueFirstNotification } from './lead-notif.service.js';
import { isJobCodeShape } from '../../../models/rules/job-code.js';

/**
 * cgu_from of a lead that came through our own web form (no landing). The spec's default is
 * the product's name, which it does not give: see docs/decisions/021-interest-leads.md.
 */
export const WEB_CGU_FROM = 'web';

export interface SubmittedInterest {
  id: number;
  job_code: string;
  email: string;
  cgu_from: string;
}

/**
 * Stores one interest application checked by interestSchema (the route's validate middleware,
 * or parseInput in the portal's actions); throws AppError with the spec's codes. `lang` is the
 * language the lead applied in: their notification is written in it (decision 164).
 */
export async function submitInterest(data: Interest, now: Date, lang?: Lang): Promise<SubmittedInterest> {
  if (!isJobCodeShape(data.job_code)) throw notFound('offer_not_found', 'offer_not_found');
  const offer = await Offer.findOne({ where: { job_code: data.job_code } });
  if (!offer) throw notFound('offer_not_found', 'offer_not_found');
  if (offer.state !== 'available') throw notFound('offer_not_available', 'offer_not_available');

  let cguFrom = WEB_CGU_FROM;
  let custom: string | null = null;
  if (data.cgu_from !== undefined) {
    const identifier = LANDING_CGU_FROM.exec(data.cgu_from)![1];
    const landing = await CustomLanding.findOne({ where: { identifier } });
    if (!landing) throw notFound('landing_not_found', 'landing_not_found');
    // A landing offers the available offers of its company (company_hash): no other one.
    if (offer.company_hash !== landing.company_hash) throw invalid('offer_not_in_landing', 'offer_not_in_landing', { field: 'job_code' });
    cguFrom = `landing/${identifier}`;
    custom = landing.name;
  }

  let cvKey: string | null = null;
  if (data.use_cv) {
    const upload = await findUpload(data.cv_file!, 'cv');
    if (!upload) throw invalid('cv_not_found', 'cv_not_found', { field: 'cv_file' });
    cvKey = upload.key;
  }

  const row = {
    email: data.email,
    job_code: offer.job_code,
    offer_id: offer.id,
    firstname: data.firstname,
    lastname: data.lastname,
    phone_number: data.phone_number ?? null,
    accept_cgu: true,
    cv_key: cvKey,
    cgu_from: cguFrom,
    custom,
    notified_at: null,
    lang: lang ?? null,
    user_id: null,
    created_at: now,
    updated_at: now,
  };
  try {
    // If the database dies while the row is sent, the answer follows what was stored
    // (docs/decisions/093-ambiguous-commits.md): this very row (same key, time and names) is ours.
    // The lead and the job of its first message commit together (decision 164).
    const lead = await writeOnce(
      () =>
        transaction(async (t) => {
          const created = await LandingInterest.create(row, { transaction: t });
          await enqueueFirstNotification(t, created.id);
          return created;
        }),
      async () => {
        const found = await LandingInterest.findOne({ where: { job_code: row.job_code, email: row.email } });
        const ours = found && found.created_at.getTime() === now.getTime() && found.firstname === row.firstname && found.lastname === row.lastname && found.cv_key === row.cv_key;
        return ours ? found : null;
      },
    );
    return { id: lead.id, job_code: lead.job_code, email: lead.email, cgu_from: lead.cgu_from };
  } catch (e) {
    if (e instanceof UniqueConstraintError) throw conflict('existing_application', 'existing_application');
    throw e;
  }
}
