// /candidate/apply/{job_code}: the candidate answers the offer's questions in video, in the
// browser. Steps: prove the e-mail (components/apply/Identity.tsx), start or resume the
// application, record or choose one video per question (components/apply/AnswerRecorder.tsx,
// loaded only at that step), then follow the status until complete. Before the first question, the
// device check and an optional practice question (components/apply/DeviceCheck.tsx, loaded at that
// step). Kept answers upload one after the other in the upload queue (lib/upload-queue.ts) while the
// candidate goes on: each shows its progress in the list of answers (decision 445).
// Unknown or closed offers: the offer page's "no offer" panel (404).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { OfferNotFound } from '../components/OfferNotFound.js';
import { Identity, type Me } from '../components/apply/Identity.js';
import { SignedInAs } from '../components/apply/SignedInAs.js';
import { applyInvitation, findOffer, offerView } from '../lib/apply.server.js';
import { interviewRulesLine } from '../i18n/interview-rules.server.js';
import { offerMeta } from '../lib/offer-meta.js';
import { useHydrated } from '../lib/hydrated.js';
import { useLangHref, useT } from '../lib/i18n.js';
import { loadMessages } from '../i18n/registry.js';
import { isLang } from '../i18n/index.js';
import type { QueuedAnswer } from '../lib/upload-queue.js';
import { releaseCamera } from '../lib/camera.js';
import { resolveLang } from '../lib/lang.server.js';
import { candidatePageTexts } from '../i18n/candidate-page.server.js';
import { ApiError, allAnswersIn, isComplete, readApplication, startApplication, type ApplicationStatus } from '../lib/video-answers.js';
import { isCandidate } from '../../../models/rules/roles.js';

/**
 * The recorder's and the device check's texts are a page family of their own ('interview', decision
 * 380) that loads with their code, not with the page's first scripts (the page's 100 KB budget).
 */
function withInterviewTexts<M>(load: () => Promise<M>): () => Promise<M> {
  return () => {
    const lang = document.documentElement.lang;
    return Promise.all([load(), isLang(lang) ? loadMessages(lang, ['interview']) : null]).then(([m]) => m);
  };
}
const AnswerRecorder = lazy(withInterviewTexts(() => import('../components/apply/AnswerRecorder.js')));
const UploadState = lazy(withInterviewTexts(() => import('../components/apply/UploadState.js')));
const DeviceCheck = lazy(withInterviewTexts(() => import('../components/apply/DeviceCheck.js')));
type Queue = typeof import('../lib/upload-queue.js');

/** The device check was passed for this application in this tab (a reload does not ask again). */
const checkedKey = (applicationId: number) => `device-checked:${applicationId}`;
// Text and choice questions (decision 455), loaded when one is the current question.
const WrittenAnswer = lazy(withInterviewTexts(() => import('../components/apply/WrittenAnswer.js')));

/** How often the page reads the status while answers are being prepared. */
const POLL_MS = 2000;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const offer = await findOffer(context, params.jobCode ?? '');
  const user = context.caller?.user;
  const me: Me | null = user ? { email: user.email, name: user.name, candidate: isCandidate(user) } : null;
  const lang = await resolveLang(request, context);
  return {
    offer: {
      ...offerView(offer),
      questions: offer.questions,
    },
    // The interview's rules, shown before starting, drawn on the server (decisions 405 and 466).
    rules: interviewRulesLine(lang, offer.questions, offer.interview),
    // The invitation the candidate came through: who and until when, or the kind words once closed (decision 467).
    invitation: await applyInvitation(context, offer.job_code, lang),
    me,
    // The link to the candidate's own page, named as that page names itself (decision 283).
    myApplications: candidatePageTexts(lang).meta_title,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => offerMeta(data?.offer, matches, '/candidate/apply', error);

type Phase = { kind: 'identity' } | { kind: 'starting' } | { kind: 'answering'; app: ApplicationStatus } | { kind: 'error'; message: string };

export default function ApplyPage() {
  const { offer, rules, invitation, me: signedIn, myApplications } = useLoaderData<typeof loader>();
  const t = useT();
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
    // Past an invitation's deadline (or withdrawn) the page says so and starts nothing.
    if (hydrated && me?.candidate && phase.kind === 'starting' && !invitation?.closed) void start();
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
  // The queue reports an answer all on the server, or refused: the status is read again.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  // The upload queue loads once the application is started; a kept answer of an earlier visit resumes.
  const [uploads, setUploads] = useState<Queue | null>(null);
  const [queue, setQueue] = useState<QueuedAnswer[]>([]);
  const startedId = phase.kind === 'answering' ? phase.app.id : null;
  useEffect(() => {
    if (phase.kind !== 'answering') return;
    const started = phase.app;
    let gone = false;
    let unsubscribe = () => {};
    void withInterviewTexts(() => import('../lib/upload-queue.js'))().then((q) => {
      if (gone) return;
      q.onQueueEvents({ done: () => void refreshRef.current(), refused: () => void refreshRef.current() });
      unsubscribe = q.subscribeQueue(() => setQueue(q.queuedAnswers()));
      setUploads(q);
      q.resumePending(started.id, started.upload?.endpoint, started.answers);
    });
    return () => {
      gone = true;
      unsubscribe();
    };
  }, [startedId]);
  useEffect(() => () => void import('../lib/upload-queue.js').then((q) => q.stopQueue()), []);

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

  const questions: ApplicationStatus['answers'] =
    app?.answers ??
    offer.questions.map((q, i) => ({
      qid: q.id,
      position: i + 1,
      question: q.question,
      type: q.type,
      status: 'missing' as const,
      error: null,
      upload: null,
      takes: 0,
      takes_left: null,
      text: null,
      choice: null,
    }));
  const queued = (qid: string) => queue.find((e) => e.qid === qid);
  // An answer to record: not on the server yet, nor kept and in the queue. The question shown stays
  // the same until its answer is kept, even when an earlier one comes back (a refused upload).
  const toRecord = (a: (typeof questions)[number]) => (a.status === 'missing' || a.status === 'failed' || a.status === 'uploading') && !queued(a.qid);
  const [shown, setShown] = useState<string | null>(null);
  const stillShown = questions.find((a) => a.qid === shown && toRecord(a));
  const current = stillShown ?? questions.find(toRecord) ?? null;
  const currentIndex = current ? questions.indexOf(current) : -1;
  useEffect(() => setShown(current?.qid ?? null), [current?.qid]);

  const appId = app?.id;

  // The device check comes before the first question of an application not started yet.
  const [checked, setChecked] = useState<boolean | null>(null);
  useEffect(() => {
    if (appId) setChecked(sessionStorage.getItem(checkedKey(appId)) === '1');
  }, [appId]);
  const untouched = !!app && app.answers.every((a) => a.status === 'missing' && a.takes === 0) && queue.length === 0;
  const checking = !!app && untouched && checked === false;
  const passCheck = () => {
    if (app) sessionStorage.setItem(checkedKey(app.id), '1');
    setChecked(true);
  };
  const kept = (qid: string) => (file: File) => {
    if (app)
      uploads?.enqueueAnswer(qid, file, {
        applicationId: app.id,
        endpoint: app.upload?.endpoint,
        resumeUrl: current?.status === 'uploading' && current.upload?.size === file.size ? current.upload.url : null,
      });
  };
  // The camera stays on from one question to the next (lib/camera.ts): off once none is left, or on leaving.
  const recording = !!app && (!!current || checking);
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
      ) : invitation?.closed ? (
        <section className="panel info" role="status" data-testid="invitation-closed">
          <h2>{invitation.title}</h2>
          <p>{invitation.text}</p>
        </section>
      ) : (
        <>
          {invitation && !invitation.closed && (
            <p className="panel info" data-testid="invited">
              {invitation.text}
            </p>
          )}
          <p className="interview-rules">
            <span className="visually-hidden">{rules.label} </span>
            <span data-testid="interview-rules">{rules.line}</span>
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
              <ol className="answers" aria-label={rules.questions}>
                {questions.map((a, i) => {
                  const q = queued(a.qid);
                  return (
                    <li key={a.qid} className={`answer ${a.status}`} aria-current={i === currentIndex ? 'step' : undefined} data-testid="answer-state" data-state={a.status} data-upload={q?.state}>
                      <span className="answer-n">{i + 1}</span> <span className="answer-q">{a.question}</span>
                      {(a.status === 'processing' || a.status === 'ready') && <span className="answer-ok">{a.status === 'ready' ? t('apply_answer_sent') : t('apply_answer_processing')}</span>}
                      {q && (
                        <Suspense fallback={null}>
                          <UploadState entry={q} n={i + 1} />
                        </Suspense>
                      )}
                    </li>
                  );
                })}
              </ol>
              {checking && (
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <DeviceCheck interview={app.interview} applicationId={app.id} onDone={passCheck} />
                </Suspense>
              )}
              {current && !checking && checked !== null && current.type !== 'video' && (
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
              {current && !checking && checked !== null && uploads && current.type === 'video' && (
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <AnswerRecorder
                    key={current.qid}
                    applicationId={app.id}
                    questionId={current.qid}
                    index={currentIndex}
                    total={questions.length}
                    question={current.question}
                    interview={app.interview}
                    takesLeft={current.takes_left}
                    previousError={current.status === 'failed' ? (current.error?.message ?? '') : null}
                    onKept={kept(current.qid)}
                  />
                </Suspense>
              )}
              {!current && !checking && queue.some((e) => e.state !== 'failed') && (
                <p className="panel info" role="status" data-testid="uploads-left">
                  {t('apply_uploads_left')}
                </p>
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
