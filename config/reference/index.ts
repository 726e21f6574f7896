// Reference lists per language, as GET /apis/config/{lang} serves them, and the value sets the
// services validate offers against. The JSON of each language is built once, at first use.
import crypto from 'node:crypto';
import { normalizeLang, type Lang } from '../i18n/index.js';
import { CANDIDATE_EXPERIENCE, CANDIDATE_GRADUATION, CONT_TYPE, JOB_CAT, LANGUAGES, PAY_CURRENCY, PAY_PERIOD, Q_TEMPLATE, type Choice } from './lists.js';

export interface ReferenceChoice {
  name: string;
  value: string;
}

export interface ReferenceLists {
  job_cat: ReferenceChoice[];
  cont_type: ReferenceChoice[];
  candidate_experience: ReferenceChoice[];
  candidate_graduation: ReferenceChoice[];
  pay_currency: ReferenceChoice[];
  pay_period: ReferenceChoice[];
  q_template: ReferenceChoice[];
  languages: ReferenceChoice[];
}

export type ReferenceListName = keyof ReferenceLists;

const SOURCE: Record<ReferenceListName, Choice[]> = {
  job_cat: JOB_CAT,
  cont_type: CONT_TYPE,
  candidate_experience: CANDIDATE_EXPERIENCE,
  candidate_graduation: CANDIDATE_GRADUATION,
  pay_currency: PAY_CURRENCY,
  pay_period: PAY_PERIOD,
  q_template: Q_TEMPLATE,
  languages: LANGUAGES,
};

/** Defaults of a new draft or template (public-web.md sections 3 and 9). */
export const REFERENCE_DEFAULTS = { pay_currency: 'EUR', pay_period: 'month', lang: 'fr' } as const;

function build(lang: Lang): ReferenceLists {
  const names = lang === 'es' ? 'en' : lang;
  const out = {} as ReferenceLists;
  for (const [list, choices] of Object.entries(SOURCE) as Array<[ReferenceListName, Choice[]]>) {
    out[list] = choices.map((choice) => ({ name: choice[names], value: choice.value }));
  }
  return out;
}

interface Prepared {
  lists: ReferenceLists;
  body: string;
  etag: string;
}
const prepared = new Map<Lang, Prepared>();

function prepare(lang: Lang): Prepared {
  let p = prepared.get(lang);
  if (!p) {
    const lists = build(lang);
    const body = JSON.stringify(lists);
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    p = { lists: deepFreeze(lists), body, etag };
    prepared.set(lang, p);
  }
  return p;
}

function deepFreeze<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v as object);
  return Object.freeze(o);
}

/** The lists in a language; unknown languages get French, Spanish gets the English names. */
export function referenceLists(lang: string): ReferenceLists {
  return prepare(normalizeLang(lang)).lists;
}

/** The serialised lists and their entity tag, for the HTTP route. */
export function referenceJson(lang: string): { body: string; etag: string; lang: Lang } {
  const l = normalizeLang(lang);
  const { body, etag } = prepare(l);
  return { body, etag, lang: l };
}

const valueSets = new Map<ReferenceListName, Set<string>>((Object.keys(SOURCE) as ReferenceListName[]).map((k) => [k, new Set(SOURCE[k].map((c) => c.value))]));

/** Whether a value is one of a list's values (case-sensitive: values are stored as given here). */
export function isReferenceValue(list: ReferenceListName, value: unknown): value is string {
  return typeof value === 'string' && valueSets.get(list)!.has(value);
}

/**
 * The job category value for a tag given as a value or as a name in any language
 * (templates of the old product stored names); null when it is neither.
 */
export function jobCategoryValue(tag: string): string | null {
  const wanted = tag.trim().toLowerCase();
  const hit = JOB_CAT.find((c) => c.value === wanted || [c.fr, c.nl, c.en].some((n) => n.toLowerCase() === wanted));
  return hit ? hit.value : null;
}
