// The three catalogs on the server, all registered at start for components and meta functions
// (registry.ts), each with the texts of every page family (pages/). The page carries none: the
// browser loads its language's catalog, and its pages' one, as scripts (decision 380).
import fr from './fr.js';
import nl from './nl.js';
import en from './en.js';
import feedbackFr from './pages/feedback.fr.js';
import feedbackNl from './pages/feedback.nl.js';
import feedbackEn from './pages/feedback.en.js';
import homeFr from './pages/home.fr.js';
import homeNl from './pages/home.nl.js';
import homeEn from './pages/home.en.js';
import interviewFr from './pages/interview.fr.js';
import interviewNl from './pages/interview.nl.js';
import interviewEn from './pages/interview.en.js';
import landingFr from './pages/landing.fr.js';
import landingNl from './pages/landing.nl.js';
import landingEn from './pages/landing.en.js';
import subscriptionFr from './pages/subscription.fr.js';
import subscriptionNl from './pages/subscription.nl.js';
import subscriptionEn from './pages/subscription.en.js';
import wizardFr from './pages/wizard.fr.js';
import wizardNl from './pages/wizard.nl.js';
import wizardEn from './pages/wizard.en.js';
import type { Lang, Messages } from './index.js';
import { catalogLang, messagesOf, registerMessages, type TextPart } from './registry.js';

/** Each language's page families' texts, by family. */
export const pageTexts: Record<'fr' | 'nl' | 'en', Record<TextPart, Record<string, string>>> = {
  fr: { feedback: feedbackFr, home: homeFr, interview: interviewFr, landing: landingFr, subscription: subscriptionFr, wizard: wizardFr },
  nl: { feedback: feedbackNl, home: homeNl, interview: interviewNl, landing: landingNl, subscription: subscriptionNl, wizard: wizardNl },
  en: { feedback: feedbackEn, home: homeEn, interview: interviewEn, landing: landingEn, subscription: subscriptionEn, wizard: wizardEn },
};

const common: Record<'fr' | 'nl' | 'en', Record<string, string>> = { fr, nl, en };
for (const lang of ['fr', 'nl', 'en'] as const) {
  const parts = Object.keys(pageTexts[lang]) as TextPart[];
  registerMessages(lang, Object.assign({}, common[lang], ...Object.values(pageTexts[lang])), parts);
}

/** Spanish visitors read the English texts (public-web.md section 1). */
export function messagesFor(lang: Lang): Messages {
  return messagesOf(catalogLang(lang))!;
}
