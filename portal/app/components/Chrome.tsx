// The site header (name and language choice) and footer (terms, legals, privacy, contact).
import { Link, useLocation } from '@remix-run/react';
import { useLang, useLangHref, useT } from '../lib/i18n.js';
import { CONTACT_EMAIL } from '../lib/site.js';
import { withLang } from '../../../config/i18n/langs.js';

const LANG_LINKS = [
  { lang: 'fr', label: 'FR', name: 'Français' },
  { lang: 'nl', label: 'NL', name: 'Nederlands' },
  { lang: 'en', label: 'EN', name: 'English' },
] as const;

export function SiteHeader() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  // The same page in another language (its other parameters kept).
  const inLang = (l: string) => withLang(`${location.pathname}${location.search}`, l);
  return (
    <header className="site-header">
      <a className="skip" href="#main">
        {t('skip_to_content')}
      </a>
      <Link to={withLang('/', lang)} className="brand">
        {t('site_name')}
      </Link>
      <nav aria-label={t('lang_label')} className="langs">
        {LANG_LINKS.map((l) => (
          <a key={l.lang} href={inLang(l.lang)} lang={l.lang} hrefLang={l.lang} aria-current={lang === l.lang ? 'true' : undefined} title={l.name}>
            {l.label}
          </a>
        ))}
      </nav>
    </header>
  );
}

export function SiteFooter() {
  const t = useT();
  const href = useLangHref();
  return (
    <footer className="site-footer">
      <nav aria-label={t('site_name')}>
        <Link to={href('/terms')}>{t('footer_terms')}</Link>
        <Link to={href('/legals')}>{t('footer_legals')}</Link>
        <Link to={href('/privacy')}>{t('footer_privacy')}</Link>
        <a href={`mailto:${CONTACT_EMAIL}`}>{t('footer_contact')}</a>
        <Link to={href('/download')}>{t('footer_download')}</Link>
      </nav>
      <p>
        © {new Date().getFullYear()} {t('site_name')}. {t('footer_rights')}
      </p>
    </footer>
  );
}
