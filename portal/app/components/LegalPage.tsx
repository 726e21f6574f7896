// Draws one legal page (texts in French, see i18n/legal.fr.ts).
import type { LegalPage as Page } from '../i18n/legal.fr.js';
import { useT } from '../lib/i18n.js';

export function LegalPage({ page }: { page: Page }) {
  const t = useT();
  return (
    <article className="page narrow legal" lang="fr">
      <h1>{page.title}</h1>
      {page.updated && <p className="muted">{t('legal_updated', { date: page.updated })}</p>}
      {page.sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
