// The texts of the candidate's own page (/candidate, decision 283), sent with that page's data
// only: they stay out of the catalog script every public page loads (the 100 KB budget, decision 174).
import type { Lang } from '../../../config/i18n/langs.js';
import { catalogLang } from '../../../config/i18n/langs.js';

const fr = {
  meta_title: 'Mes candidatures',
  meta_description: 'Suivez vos candidatures vidéo et terminez celles qui sont en cours.',
  empty: 'Vous n’avez pas encore de candidature.',
  status_unfinished: 'À terminer',
  status_closed: 'Clôturée',
  status_sent: 'Envoyée',
  status_seen: 'Vue par l’entreprise',
  status_selected: 'Retenue',
  status_not_selected: 'Non retenue',
  answers: '{answered} réponses sur {total}',
  // 0 or 1 answer: French puts both in the singular.
  answers_one: '{answered} réponse sur {total}',
  deadline: 'À terminer avant le {date}',
  deadline_passed: 'Délai dépassé le {date}',
  sent_on: 'Envoyée le {date}',
  finish: 'Terminer ma candidature',
  see_offer: 'Voir l’offre',
  status_label: 'État',
};
export type CandidatePageTexts = Record<keyof typeof fr, string>;
const nl: CandidatePageTexts = {
  meta_title: 'Mijn sollicitaties',
  meta_description: 'Volg je videosollicitaties en rond de lopende af.',
  empty: 'Je hebt nog geen sollicitatie.',
  status_unfinished: 'Af te ronden',
  status_closed: 'Gesloten',
  status_sent: 'Verstuurd',
  status_seen: 'Bekeken door het bedrijf',
  status_selected: 'Weerhouden',
  status_not_selected: 'Niet weerhouden',
  answers: '{answered} van {total} antwoorden',
  answers_one: '{answered} van {total} antwoorden',
  deadline: 'Af te ronden vóór {date}',
  deadline_passed: 'Termijn verstreken op {date}',
  sent_on: 'Verstuurd op {date}',
  finish: 'Mijn sollicitatie afronden',
  see_offer: 'Vacature bekijken',
  status_label: 'Status',
};
const en: CandidatePageTexts = {
  meta_title: 'My applications',
  meta_description: 'Follow your video applications and finish those in progress.',
  empty: 'You have no application yet.',
  status_unfinished: 'To finish',
  status_closed: 'Closed',
  status_sent: 'Sent',
  status_seen: 'Seen by the company',
  status_selected: 'Selected',
  status_not_selected: 'Not selected',
  answers: '{answered} of {total} answers',
  answers_one: '{answered} of {total} answers',
  deadline: 'Finish by {date}',
  deadline_passed: 'Deadline passed on {date}',
  sent_on: 'Sent on {date}',
  finish: 'Finish my application',
  see_offer: 'See the offer',
  status_label: 'Status',
};

const TEXTS: Record<'fr' | 'nl' | 'en', CandidatePageTexts> = { fr, nl, en };

export function candidatePageTexts(lang: Lang): CandidatePageTexts {
  return TEXTS[catalogLang(lang)];
}
