// Browser-safe translation helpers. The catalogs themselves are picked on the server
// (catalogs.server.ts) and only the visitor's one is sent with the page.
import type fr from './fr.js';

export type MessageKey = keyof typeof fr;
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
