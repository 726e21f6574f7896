// /candidate/apply/{job_code}: the candidate answers the offer's questions in video, in the
// browser. Steps: prove the e-mail (components/apply/Identity.tsx), start or resume the
// application, record or choose one video per question (components/apply/AnswerRecorder.tsx,
// loaded with tus-js-client only at that step), then follow the status until complete.
// Unknown or closed offers: the offer page's "no offer" panel (404).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { OfferNotFound } from '../components/OfferNotFound.js';
import { Identity, type Me } from '../components/apply/Identity.js';
import { SignedInAs } from '../components/apply/SignedInAs.js';
import { findOffer, offerView } from '../lib/apply.server.js';
import { offerMeta } from '../lib/offer-meta.js';
import { useHydrated } from '../lib/hydrated.js';
import { useLang, useLangHref, useT } from '../lib/i18n.js';
import { interviewRules, plural } from '../components/apply/interview-rules.js';
import { releaseCamera } from '../lib/camera.js';
import { resolveLang } from '../lib/lang.server.js';
import { candidatePageTexts } from '../i18n/candidate-page.server.js';
import { ApiError, allAnswersIn, isComplete, readApplication, startApplication, type ApplicationStatus } from '../lib/video-answers.js';
import { isCandidate } from '../../../models/rules/roles.js';

const AnswerRecorder = lazy(() => import('../components/apply/AnswerRecorder.js'));
// Text and choice questions (decision 455), loaded when one is the current question.
const WrittenAnswer = lazy(() => import('../components/apply/WrittenAnswer.js'));

/** How often the page reads the status while answers are being prepared. */
const POLL_MS = 2000;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const offer = await findOffer(context, params.jobCode ?? '');
  const user = context.caller?.user;
  const me: Me | null = user ? { email: user.email, name: user.name, candidate: isCandidate(user) } : null;
  return {
    offer: {
      ...offerView(offer),
      questions: offer.questions,
      // The interview's rules, shown before starting (decision 405).
      interview: offer.interview,
    },
    me,
    // The link to the candidate's own page, named as that page names itself (decision 283).
    myApplications: candidatePageTexts(await resolveLang(request, context)).meta_title,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => offerMeta(data?.offer, matches, '/candidate/apply', error);

type Phase = { kind: 'identity' } | { kind: 'starting' } | { kind: 'answering'; app: ApplicationStatus } | { kind: 'error'; message: string };

export default function ApplyPage() {
  const { offer, me: signedIn, myApplications } = useLoaderData<typeof loader>();
  const t = useT();
  const lang = useLang();
  const href = useLangHref();
  const hydrated = useHydrated();
  const [me, setMe] = useState<Me | null>(signedIn);
  const [phase, setPhase] = useState<Phase>({ kind: me?.candidate ? 'starting' : 'identity' });

  const start = useCallback(async () => {
    setPhase({ kind: 'starting' });
    try {
      setPhase({ kind: 'answering', app: await startApplication(offer.job_code) });
    } catch (e) {
      setPhase({ kind: 'error', message: e instanceof ApiError ? e.message : t('err_network') });
    }
  }, [offer.job_code, t]);

  useEffect(() => {
    if (hydrated && me?.candidate && phase.kind === 'starting') void start();
  }, [hydrated, me]);

  const refresh = useCallback(async () => {
    if (phase.kind !== 'answering') return;
    try {
      const app = await readApplication(phase.app.id);
      setPhase({ kind: 'answering', app });
    } catch {
      // The next poll tries again.
    }
  }, [phase]);

  // Once every answer is in, the status is read until the application is complete.
  const app = phase.kind === 'answering' ? phase.app : null;
  const waiting = !!app && allAnswersIn(app) && !isComplete(app);
  useEffect(() => {
    if (!waiting) return;
    const id = window.setTimeout(() => void refresh(), POLL_MS);
    return () => window.clearTimeout(id);
  }, [waiting, refresh, app]);

  const signedOut = () => {
    setMe(null);
    setPhase({ kind: 'identity' });
  };

  const questions =
    app?.answers ??
    offer.questions.map((q, i) => ({ qid: q.id, position: i + 1, question: q.question, type: q.type, status: 'missing' as const, error: null, upload: null, takes: 0, takes_left: null }));
  const currentIndex = questions.findIndex((a) => a.status === 'missing' || a.status === 'failed' || a.status === 'uploading');
  const current = currentIndex >= 0 ? questions[currentIndex] : null;
  // The camera stays on from one question to the next (lib/camera.ts): off once none is left, or on leaving.
  const recording = !!app && !!current;
  useEffect(() => {
    if (!recording) releaseCamera();
  }, [recording]);
  useEffect(() => releaseCamera, []);

  return (
    <div className="page narrow apply-page">
      <div className="offer-head">
        {offer.logo_src && <img src={offer.logo_src} alt="" width={64} height={64} />}
        <div>
          <h1>{offer.title}</h1>
          <p>{offer.company_name}</p>
        </div>
      </div>
      {offer.questions.length === 0 ? (
        <p className="panel info" role="status">
          {t('apply_no_questions')}
        </p>
      ) : (
        <>
          <p className="interview-rules">
            <span className="visually-hidden">{t('apply_rules_label')} </span>
            <span data-testid="interview-rules">{interviewRules(t, lang, offer.questions.length, offer.interview).join(' · ')}</span>
          </p>
          <p>{t('apply_intro')}</p>
          {!hydrated && (
            <noscript>
              <p className="panel info">{t('apply_needs_js')}</p>
            </noscript>
          )}
          <SignedInAs me={me} onSignedOut={signedOut} />
          {hydrated && !me && (
            <Identity
              jobCode={offer.job_code}
              onSignedIn={(who) => {
                setMe(who);
                if (who.candidate) void start();
              }}
            />
          )}
          {phase.kind === 'starting' && me?.candidate && (
            <p role="status">
              <span className="spinner" aria-hidden="true" />
            </p>
          )}
          {phase.kind === 'error' && (
            <section className="panel err" role="alert" data-testid="apply-error">
              <h2>{t('apply_error_title')}</h2>
              <p>{phase.message}</p>
              <button type="button" className="button secondary" onClick={() => void start()}>
                {t('error_retry')}
              </button>
            </section>
          )}
          {app && (
            <>
              <ol className="answers" aria-label={t(plural(lang, 'apply_rules_questions', questions.length), { n: questions.length })}>
                {questions.map((a, i) => (
                  <li key={a.qid} className={`answer ${a.status}`} aria-current={i === currentIndex ? 'step' : undefined} data-testid="answer-state" data-state={a.status}>
                    <span className="answer-n">{i + 1}</span> <span className="answer-q">{a.question}</span>
                    {(a.status === 'processing' || a.status === 'ready') && <span className="answer-ok">{a.status === 'ready' ? t('apply_answer_sent') : t('apply_answer_processing')}</span>}
                  </li>
                ))}
              </ol>
              {current && current.type !== 'video' && (
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <WrittenAnswer
                    key={current.qid}
                    applicationId={app.id}
                    questionId={current.qid}
                    index={currentIndex}
                    total={questions.length}
                    question={current.question}
                    type={current.type}
                    options={'options' in current ? current.options : undefined}
                    onSent={(next) => setPhase({ kind: 'answering', app: next })}
                  />
                </Suspense>
              )}
              {current && current.type === 'video' && (
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <AnswerRecorder
                    key={current.qid}
                    applicationId={app.id}
                    questionId={current.qid}
                    endpoint={app.upload?.endpoint}
                    unfinished={current.status === 'uploading' ? current.upload : null}
                    index={currentIndex}
                    total={questions.length}
                    question={current.question}
                    interview={app.interview}
                    takesLeft={current.takes_left}
                    previousError={current.status === 'failed' ? (current.error?.message ?? '') : null}
                    onSent={() => void refresh()}
                  />
                </Suspense>
              )}
              {waiting && (
                <section className="panel info" role="status" data-testid="processing">
                  <h2>
                    <span className="spinner" aria-hidden="true" /> {t('apply_processing_title')}
                  </h2>
                  <p>{t('apply_processing_text')}</p>
                </section>
              )}
              {isComplete(app) && (
                <section className="panel ok" role="status" data-testid="apply-done">
                  <h2>{t('apply_done_title')}</h2>
                  <p>{t('apply_done_text', { company: offer.company_name })}</p>
                  <p>
                    <a href={href('/candidate')} data-testid="my-applications">
                      {myApplications}
                    </a>
                  </p>
                </section>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <OfferNotFound /> }} />;
}
