// Browser-safe translation helpers. The catalogs themselves are picked on the server
// (catalogs.server.ts) and only the visitor's one is sent with the page.
import type fr from './fr.js';
import type feedback from './pages/feedback.fr.js';
import type home from './pages/home.fr.js';
import type interview from './pages/interview.fr.js';
import type landing from './pages/landing.fr.js';
import type subscription from './pages/subscription.fr.js';
import type wizard from './pages/wizard.fr.js';

/** The catalogs' keys: the common ones (fr.ts) and those of each page family (pages/, decision 380). */
export type MessageKey = keyof typeof fr | keyof typeof feedback | keyof typeof home | keyof typeof interview | keyof typeof landing | keyof typeof subscription | keyof typeof wizard;
export type Messages = Record<MessageKey, string>;
// The language list is the product's one (config/i18n/langs.ts).
export { LANGS, isLang, type Lang } from '../../../config/i18n/langs.js';

/** Fills {name} placeholders. */
export function format(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, v: string) => (v in vars ? String(vars[v]) : `{${v}}`));
}

export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function makeT(messages: Messages): T {
  return (key, vars) => format(messages[key] ?? key, vars);
}
