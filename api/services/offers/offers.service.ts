// The public view of a published offer (public-web.md section 3), read by the public offer
// page, the mobile app (GET /apis/list-offers/{job_code}) and the Remix portal directly.
import { isoDay, parseIsoDay } from '../../../models/rules/dates.js';
import { QueryTypes } from 'sequelize';
import { boundSequelize } from '../../../models/index.js';
import { isBoostedAt } from '../../../models/rules/boost.js';
import { notFound } from '../../lib/errors.js';
import { isJobCodeShape, normalizeJobCode } from '../../../models/rules/job-code.js';
import { singleFlight } from '../../lib/single-flight.js';
import { interviewOfColumns, type InterviewSettings } from '../../../models/rules/interview.js';
import { publicQuestion, questionType, type ChoiceOption, type QuestionType } from '../../../models/rules/questions.js';

export interface PublicOfferQuestion {
  /** q1, q2, ... */
  id: string;
  question: string;
  /** video, text or choice (decision 455). */
  type: QuestionType;
  /** A choice question's options, their labels only: which are knockouts is never shown. */
  options?: string[];
}

export interface PublicOffer {
  job_code: string;
  title: string;
  company_name: string;
  /** A storage key (picture/1a2b3c4d.png, avatar/icon_company.png), served at /files/{key}. */
  company_picture: string | null;
  company_description: string | null;
  description: string;
  candidate_qualification: string | null;
  candidate_experience: string | null;
  candidate_graduation: string | null;
  /** YYYY-MM-DD. */
  start_date: string | null;
  street: string | null;
  zip_code: string | null;
  city: string | null;
  area: string | null;
  country: string | null;
  country_iso: string | null;
  lang: string;
  contract_type: string | null;
  /** Job category values (GET /apis/config job_cat). */
  tags: string[];
  pay_min: number | null;
  pay_max: number | null;
  pay_currency: string;
  pay_period: string;
  questions: PublicOfferQuestion[];
  /** Boosted now (decision 251): the offer page shows its mark. The boost's other fields stay internal. */
  boosted: boolean;
  /** The interview's rules (decision 405): thinking time (null: until the candidate presses record), answer length, retakes (null: unlimited). */
  interview: InterviewSettings;
}

type Row = Omit<PublicOffer, 'questions' | 'tags' | 'start_date' | 'boosted' | 'interview'> & {
  think_seconds: number | null;
  answer_seconds: number | null;
  retakes: number | null;
  is_boosted: boolean | number | null;
  boost_ends_at: Date | string | null;
  tags: string | null;
  start_date: string | Date | null;
  q_id: string | null;
  q_text: string | null;
  q_type: string | null;
  q_options: string | null;
};

// One indexed query: offers.job_code is unique, offer_questions is indexed by (offer_id, qid).
const SQL = `SELECT o.job_code, o.title, o.company_name, o.company_picture, o.company_description, o.description,
  o.candidate_qualification, o.candidate_experience, o.candidate_graduation, o.start_date,
  o.street, o.zip_code, o.city, o.area, o.country, o.country_iso, o.lang, o.contract_type, o.tags,
  o.pay_min, o.pay_max, o.pay_currency, o.pay_period, o.is_boosted, o.boost_ends_at, o.think_seconds, o.answer_seconds, o.retakes, q.qid AS q_id, q.question AS q_text, q.type AS q_type, q.options AS q_options
FROM offers o LEFT JOIN offer_questions q ON q.offer_id = o.id
WHERE o.job_code = ? AND o.state = 'available'
ORDER BY q.position`;

const isoDate = (v: string | Date | null): string | null => (v === null ? null : v instanceof Date ? isoDay(v) : parseIsoDay(String(v).slice(0, 10)));

function parseTags(v: string | null): string[] {
  if (!v) return [];
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

// Requests for one code share its query while it runs (api/lib/single-flight.ts).
const loadShared = singleFlight(load);

/** The open offer with this code (any case); 404 offer_not_found when unknown or not available. */
export async function getPublicOffer(jobCode: string, now: Date = new Date()): Promise<PublicOffer> {
  const code = normalizeJobCode(String(jobCode ?? ''));
  if (!isJobCodeShape(code)) throw notFound('offer_not_found', 'offer_not_found');
  const { boost, ...offer } = await loadShared(code);
  // Each caller gets its own copy: one caller changing it cannot change another's answer.
  return {
    ...offer,
    tags: [...offer.tags],
    questions: offer.questions.map((q) => ({ ...q, ...(q.options ? { options: [...q.options] } : {}) })),
    interview: { ...offer.interview },
    boosted: isBoostedAt(boost, now),
  };
}

async function load(code: string): Promise<Omit<PublicOffer, 'boosted'> & { boost: Pick<Row, 'is_boosted' | 'boost_ends_at'> }> {
  const rows = await boundSequelize().query<Row>(SQL, { replacements: [code], type: QueryTypes.SELECT, raw: true });
  if (rows.length === 0) throw notFound('offer_not_found', 'offer_not_found');
  const { q_id: _q, q_text: _t, q_type: _y, q_options: _o, tags, start_date, is_boosted, boost_ends_at, think_seconds, answer_seconds, retakes, ...first } = rows[0];
  const questions: PublicOfferQuestion[] = [];
  for (const r of rows) {
    if (r.q_id === null || r.q_text === null) continue;
    questions.push(publicQuestion({ id: r.q_id, question: r.q_text, type: questionType(r.q_type) ?? 'video', options: r.q_options ? (JSON.parse(r.q_options) as ChoiceOption[]) : undefined }));
  }
  return {
    ...first,
    pay_min: first.pay_min === null ? null : Number(first.pay_min),
    pay_max: first.pay_max === null ? null : Number(first.pay_max),
    start_date: isoDate(start_date),
    tags: parseTags(tags),
    questions,
    interview: interviewOfColumns({ think_seconds, answer_seconds, retakes }),
    boost: { is_boosted, boost_ends_at },
  };
}
