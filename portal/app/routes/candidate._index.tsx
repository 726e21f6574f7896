// /candidate: the candidate's own page (issue 24, decision 283). Signed in (the one-time e-mail code,
// or a password), they see their applications with what they are told of each (a label, never the
// company's working state), the answers in, the deadline of an unfinished one and a link to finish
// it; signed out, the e-mail code form (the mailed link without an offer comes back here).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { Identity, type Me } from '../components/apply/Identity.js';
import { SignedInAs } from '../components/apply/SignedInAs.js';
import { useLangHref, useT } from '../lib/i18n.js';
import { useHydrated } from '../lib/hydrated.js';
import { pageMeta } from '../lib/meta.js';
import { format } from '../i18n/index.js';
import { resolveLang } from '../lib/lang.server.js';
import { candidatePageTexts } from '../i18n/candidate-page.server.js';
import { formDate } from '../../../models/rules/dates.js';
import type { OwnApplication } from '../../../api/services/applications/candidate-applications.service.js';
import { isCandidate } from '../../../models/rules/roles.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = context.caller?.user;
  const me: Me | null = user ? { email: user.email, name: user.name, candidate: isCandidate(user) } : null;
  return { me, texts: candidatePageTexts(await resolveLang(request, context)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.texts.meta_title ?? '', description: data?.texts.meta_description ?? '', noindex: true });

type List = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: OwnApplication[] };

export default function CandidatePage() {
  const t = useT();
  const href = useLangHref();
  const hydrated = useHydrated();
  const { me: signedIn, texts } = useLoaderData<typeof loader>();
  const [me, setMe] = useState<Me | null>(signedIn);
  const [list, setList] = useState<List>({ kind: 'loading' });

  const load = useCallback(async () => {
    setList({ kind: 'loading' });
    try {
      const res = await fetch('/apis/candidate/applications', { credentials: 'same-origin' });
      if (!res.ok) return setList({ kind: 'error' });
      setList({ kind: 'ready', items: ((await res.json()) as { Items: OwnApplication[] }).Items });
    } catch {
      setList({ kind: 'error' });
    }
  }, []);
  useEffect(() => {
    if (hydrated && me?.candidate) void load();
  }, [hydrated, me, load]);

  const signedOut = () => {
    setMe(null);
  };

  return (
    <div className="page narrow candidate-home">
      <h1>{texts.meta_title}</h1>
      <SignedInAs me={me} onSignedOut={signedOut} />
      {!me &&
        (hydrated ? (
          <Identity onSignedIn={setMe} />
        ) : (
          <noscript>
            <p className="panel info">{t('apply_needs_js')}</p>
          </noscript>
        ))}
      {me?.candidate && list.kind === 'loading' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      )}
      {me?.candidate && list.kind === 'error' && (
        <section className="panel err" role="alert">
          <p>{t('err_network')}</p>
          <button type="button" className="button secondary" onClick={() => void load()}>
            {t('error_retry')}
          </button>
        </section>
      )}
      {me?.candidate && list.kind === 'ready' && list.items.length === 0 && <p className="panel info">{texts.empty}</p>}
      {me?.candidate && list.kind === 'ready' && list.items.length > 0 && (
        <ul className="own-applications" data-testid="own-applications">
          {list.items.map((a) => (
            <li key={a.id} className="card own-application" data-testid="own-application" data-status={a.status}>
              <div className="offer-head">
                {a.company_picture_sources && <img src={a.company_picture_sources.src} srcSet={a.company_picture_sources.srcSet} alt="" width={64} height={64} />}
                <div>
                  <h2>{a.offer_title}</h2>
                  <p>{a.company_name}</p>
                </div>
              </div>
              <p>
                <span className="visually-hidden">{texts.status_label} : </span>
                <span className={`status-chip ${a.status}`} data-testid="own-status">
                  {texts[`status_${a.status}`]}
                </span>
              </p>
              {a.status === 'unfinished' || a.status === 'closed' ? (
                <>
                  <p>{format(a.answered <= 1 ? texts.answers_one : texts.answers, { answered: a.answered, total: a.questions })}</p>
                  {a.deadline && <p data-testid="own-deadline">{format(a.status === 'unfinished' ? texts.deadline : texts.deadline_passed, { date: formDate(a.deadline) })}</p>}
                </>
              ) : (
                a.submit_date && <p>{format(texts.sent_on, { date: formDate(a.submit_date) })}</p>
              )}
              <p className="actions">
                {a.status === 'unfinished' && (
                  <a className="button" href={href(`/candidate/apply/${encodeURIComponent(a.job_code)}`)} data-testid="own-finish">
                    {texts.finish}
                  </a>
                )}{' '}
                <a className="button secondary" href={href(`/candidate/offer/${encodeURIComponent(a.job_code)}`)}>
                  {texts.see_offer}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
      {me?.candidate && (
        <p>
          <a href={href('/candidate/privacy')}>{t('privacy_self_link')}</a>
        </p>
      )}
    </div>
  );
}
