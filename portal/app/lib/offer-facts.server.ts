// What a candidate looks for first on an offer (issue 24): its contract type, salary, experience and
// study level, named in the page's language from the reference lists (config/reference/lists.ts),
// made on the server so the lists stay out of the page's JavaScript. A value the lists do not
// know is left out rather than shown raw.
import { CANDIDATE_EXPERIENCE, CANDIDATE_GRADUATION, CONT_TYPE, PAY_PERIOD, type Choice } from '../../../config/reference/lists.js';
import { catalogLang, type Lang } from '../../../config/i18n/langs.js';

export type OfferFactKey = 'contract' | 'salary' | 'experience' | 'graduation';
export interface OfferFact {
  key: OfferFactKey;
  value: string;
}

interface FactsSource {
  contract_type: string | null;
  pay_min: number | null;
  pay_max: number | null;
  pay_currency: string | null;
  pay_period: string | null;
  candidate_experience: string | null;
  candidate_graduation: string | null;
}

const LOCALE = { fr: 'fr-FR', nl: 'nl-BE', en: 'en-GB' } as const;

const nameIn = (list: Choice[], value: string | null, lang: 'fr' | 'nl' | 'en') => (value ? (list.find((c) => c.value === value)?.[lang] ?? null) : null);

/** "1 800 € – 2 000 € par mois": the amounts in the language's format, then the period. */
export function salaryText(o: Pick<FactsSource, 'pay_min' | 'pay_max' | 'pay_currency' | 'pay_period'>, lang: Lang): string | null {
  const l = catalogLang(lang);
  const amounts = [o.pay_min, o.pay_max].filter((n): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0);
  if (!amounts.length) return null;
  let money: (n: number) => string;
  try {
    const f = new Intl.NumberFormat(LOCALE[l], { style: 'currency', currency: o.pay_currency || 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    money = (n) => f.format(n);
  } catch {
    money = (n) => `${n} ${o.pay_currency ?? ''}`.trim();
  }
  const [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  const range = low === high ? money(low) : `${money(low)} – ${money(high)}`;
  const period = nameIn(PAY_PERIOD, o.pay_period, l);
  return period ? `${range} ${period.charAt(0).toLowerCase()}${period.slice(1)}` : range;
}

export function offerFacts(o: FactsSource, lang: Lang): OfferFact[] {
  const l = catalogLang(lang);
  const facts: Array<[OfferFactKey, string | null]> = [
    ['contract', nameIn(CONT_TYPE, o.contract_type, l)],
    ['salary', salaryText(o, lang)],
    ['experience', nameIn(CANDIDATE_EXPERIENCE, o.candidate_experience, l)],
    ['graduation', nameIn(CANDIDATE_GRADUATION, o.candidate_graduation, l)],
  ];
  return facts.filter((f): f is [OfferFactKey, string] => !!f[1]).map(([key, value]) => ({ key, value }));
}
