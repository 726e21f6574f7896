// /meeting-web-app/{recruiter_id}/{candidate_id}/{current_user_id}: the video meeting room
// (public-web.md section 2; docs/decisions/160-meeting-room.md). The page asks
// GET /apis/meeting-flight/... to join (the session cookie says who is calling), then runs the call
// through portal/app/lib/meeting (Twilio Video or the embedded WebRTC call: the page does not know
// which). States: loading, then the error message or the room; a signed-out visitor gets a sign-in
// form (the e-mail code for candidates, or the password), then joins (decision 290). A signed-in
// caller who may join gets the join answer with the page (the loader, in-process): the room is
// drawn by the server and painted at once (decision 399); the page asks again to rejoin. Until the other
// side has joined, the room says it waits for them, with the scheduled time of the call if any.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { pageMeta } from '../lib/meta.js';
import { format } from '../i18n/index.js';
import { resolveLang } from '../lib/lang.server.js';
import { meetingPageTexts, type MeetingPageTexts } from '../i18n/meeting-page.server.js';
import { createCall } from '../lib/meeting/call.js';
import { listCameras, type MeetingCall, type MeetingJoin, type RemoteState } from '../lib/meeting/adapter.js';
import { meetingRoomPath } from '../../../models/rules/meeting.js';

// The sign-in form, for a visitor who opens the link signed out: loaded only then, so the room's
// own visitors (signed in) do not download it (the page's 100 KB budget, decision 380).
const Identity = lazy(() => import('../components/apply/Identity.js').then((m) => ({ default: m.Identity })));

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const texts = meetingPageTexts(await resolveLang(request, context));
  // Signed out, refused, a bad address or anything else: no join here, and the page asks
  // /apis/meeting-flight, which answers with the sign-in form's 401 or the error to show.
  const join = context.caller
    ? await context.services.meetings
        .join(context.caller.user, { recruiter: params.recruiterId, candidate: params.candidateId, current: params.currentUserId }, context.deps.settings, context.deps.clock())
        .catch(() => null)
    : null;
  return { texts, join };
}

// The join answer holds the call's token (a credential): never cached, as /apis/meeting-flight.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.texts.meta_title ?? '', description: data?.texts.meta_description ?? '', noindex: true });

/** The room's texts, from the page's data (meeting-page.server.ts). */
function useMeetingTexts(): (key: keyof MeetingPageTexts, vars?: Record<string, string | number>) => string {
  const { texts } = useLoaderData<typeof loader>();
  return useCallback((key: keyof MeetingPageTexts, vars?: Record<string, string | number>) => format(texts[key], vars), [texts]);
}
export const handle = { bare: true };

/** Controls hide after this long without activity (public-web.md section 9). */
export const CONTROLS_IDLE_MS = 5000;

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'signin' } | { state: 'joined'; join: MeetingJoin } | { state: 'left' };

const pad = (n: number) => String(n).padStart(2, '0');

/** The next scheduled call of the pair (GET /apis/meeting-invite), as dd/MM/yyyy and HH:mm here. */
function useScheduled(recruiterId: string, candidateId: string, active: boolean): { date: string; time: string } | null {
  const [next, setNext] = useState<{ date: string; time: string } | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    fetch(`/apis/meeting-invite/${encodeURIComponent(recruiterId)}/${encodeURIComponent(candidateId)}`, { cache: 'no-store' })
      .then((res) => (res.ok ? (res.json() as Promise<{ meetings: Array<{ starts_at: string | null }> }>) : null))
      .then((body) => {
        const first = body?.meetings.find((m) => m.starts_at);
        if (!live || !first?.starts_at) return;
        const d = new Date(first.starts_at);
        setNext({ date: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [recruiterId, candidateId, active]);
  return next;
}

function Video({ stream, muted, label, testId, className }: { stream: MediaStream | null; muted: boolean; label: string; testId: string; className: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || el.srcObject === stream) return;
    el.srcObject = stream;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} className={className} data-testid={testId} aria-label={label} autoPlay playsInline muted={muted} />;
}

export default function MeetingRoom() {
  const { recruiterId = '', candidateId = '', currentUserId = '' } = useParams();
  const mt = useMeetingTexts();
  // The join answer the page came with (the loader): the room is drawn at once.
  const served = useLoaderData<typeof loader>().join;
  const [load, setLoad] = useState<Load>(() => (served ? { state: 'joined', join: served } : { state: 'loading' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && served) return;
    let cancelled = false;
    setLoad({ state: 'loading' });
    const path = [recruiterId, candidateId, currentUserId].map(encodeURIComponent).join('/');
    fetch(`/apis/meeting-flight/${path}`, { headers: { 'content-type': 'application/json' }, cache: 'no-store' })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as Partial<MeetingJoin> & { error?: unknown; message?: string };
        if (cancelled) return;
        if (res.status === 401) return setLoad({ state: 'signin' });
        if (!res.ok || body.error || !body.Meeting || !body.Attendee) return setLoad({ state: 'error', message: body.message || mt('error_default') });
        setLoad({ state: 'joined', join: body as MeetingJoin });
      })
      .catch((e: unknown) => !cancelled && setLoad({ state: 'error', message: e instanceof Error ? e.message : mt('error_default') }));
    return () => {
      cancelled = true;
    };
  }, [recruiterId, candidateId, currentUserId, attempt, mt, served]);

  if (load.state === 'loading') {
    return (
      <div className="meeting meeting-center" aria-busy="true">
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {mt('loading')}
        </p>
      </div>
    );
  }
  if (load.state === 'signin') {
    return (
      <div className="page narrow" data-testid="meeting-signin">
        <h1>{mt('signin_title')}</h1>
        <p>{mt('signin_text')}</p>
        <Suspense
          fallback={
            <p role="status">
              <span className="spinner" aria-hidden="true" /> {mt('loading')}
            </p>
          }
        >
          <Identity returnTo={meetingRoomPath(recruiterId, candidateId, currentUserId)} askName={false} onSignedIn={() => setAttempt((n) => n + 1)} />
        </Suspense>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="meeting meeting-center">
        <h1 className="visually-hidden">{mt('meta_title')}</h1>
        <p className="panel err" role="alert" data-testid="meeting-error">
          {load.message}
        </p>
      </div>
    );
  }
  if (load.state === 'left') {
    return (
      <div className="meeting meeting-center">
        <h1 className="visually-hidden">{mt('meta_title')}</h1>
        <p role="status" data-testid="meeting-left">
          {mt('left')}
        </p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {mt('rejoin')}
        </button>
      </div>
    );
  }
  return <Room join={load.join} onLeft={() => setLoad({ state: 'left' })} onError={(message) => setLoad({ state: 'error', message: message || mt('error_default') })} />;
}

function Room({ join, onLeft, onError }: { join: MeetingJoin; onLeft: () => void; onError: (message: string | null) => void }) {
  const { recruiterId = '', candidateId = '' } = useParams();
  const mt = useMeetingTexts();
  const call = useRef<MeetingCall | null>(null);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [state, setState] = useState<RemoteState>({ connected: false, audio: true, video: true });
  // The other side joined once: before that the room waits for them; after, it says they left.
  const [met, setMet] = useState(false);
  useEffect(() => {
    if (state.connected) setMet(true);
  }, [state.connected]);
  const [audio, setAudio] = useState(true);
  const [video, setVideo] = useState(true);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [camera, setCamera] = useState(0);
  const [controls, setControls] = useState(true);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let active = true;
    let made: MeetingCall | null = null;
    void createCall(join, {
      local: (s) => active && setLocal(new MediaStream(s.getTracks())),
      remote: (s) => active && setRemote(s),
      state: (s) => active && setState(s),
      failed: (message) => active && onError(message),
    })
      .then(async (c) => {
        made = c;
        if (!active) return;
        call.current = c;
        await c.start();
        if (active) setCameras(await listCameras());
      })
      .catch(() => active && onError(mt('media_error')));
    const leave = () => made?.leave();
    window.addEventListener('pagehide', leave);
    return () => {
      active = false;
      window.removeEventListener('pagehide', leave);
      made?.leave();
    };
    // One call per join answer.
  }, [join]);

  // Controls: shown on any activity, hidden after CONTROLS_IDLE_MS without.
  const wake = useCallback(() => {
    setControls(true);
    clearTimeout(idle.current);
    idle.current = setTimeout(() => setControls(false), CONTROLS_IDLE_MS);
  }, []);
  useEffect(() => {
    wake();
    const events = ['mousemove', 'click', 'touchstart', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, wake, { passive: true });
    return () => {
      clearTimeout(idle.current);
      for (const e of events) window.removeEventListener(e, wake);
    };
  }, [wake]);

  const other = join.otherProfile;
  const scheduled = useScheduled(recruiterId, candidateId, !met);
  const toggleAudio = () => {
    call.current?.setAudio(!audio);
    setAudio(!audio);
  };
  const toggleVideo = () => {
    call.current?.setVideo(!video);
    setVideo(!video);
  };
  const switchCamera = async () => {
    const next = (camera + 1) % cameras.length;
    await call.current?.switchCamera(cameras[next].deviceId);
    setCamera(next);
  };
  const leave = () => {
    call.current?.leave();
    onLeft();
  };

  return (
    <div className={`meeting${controls ? '' : ' meeting-idle'}`} data-testid="meeting-room" data-provider={join.Meeting.Provider}>
      <h1 className="visually-hidden">{mt('meta_title')}</h1>
      <Video stream={remote} muted={false} label={mt('remote_video', { name: other.name })} testId="meeting-remote" className="meeting-remote" />
      <div className="meeting-top">
        {other.picture ? (
          <img src={other.picture} alt={mt('picture_alt', { name: other.name })} width={40} height={40} />
        ) : (
          <span className="meeting-initial" aria-hidden="true">
            {other.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <p className="meeting-name">{other.name}</p>
          <p className="meeting-state" role="status" data-testid="meeting-state" data-connected={state.connected ? '1' : '0'}>
            <span className={`dot ${state.connected ? 'on' : 'off'}`} aria-hidden="true" />
            {state.connected ? mt('connected') : met ? mt('disconnected') : mt('waiting', { name: other.name })}
            {state.connected && !state.audio && (
              <span className="meeting-flag" data-testid="meeting-remote-muted">
                {' · '}
                {mt('remote_muted')}
              </span>
            )}
            {state.connected && !state.video && (
              <span className="meeting-flag" data-testid="meeting-remote-camera-off">
                {' · '}
                {mt('remote_camera_off')}
              </span>
            )}
          </p>
          {!met && scheduled && (
            <p className="meeting-scheduled" data-testid="meeting-scheduled">
              {mt('scheduled', scheduled)}
            </p>
          )}
        </div>
      </div>
      <Video stream={local} muted label={mt('local_video')} testId="meeting-local" className="meeting-local" />
      <div className="meeting-controls" role="toolbar" aria-label={mt('controls')} data-testid="meeting-controls" aria-hidden={controls ? undefined : true}>
        <button type="button" onClick={toggleVideo} tabIndex={controls ? 0 : -1}>
          {mt(video ? 'camera_off' : 'camera_on')}
        </button>
        <button type="button" onClick={toggleAudio} tabIndex={controls ? 0 : -1}>
          {mt(audio ? 'mute' : 'unmute')}
        </button>
        {cameras.length > 1 && (
          <button type="button" onClick={() => void switchCamera()} tabIndex={controls ? 0 : -1}>
            {mt('switch_camera')}
          </button>
        )}
        <button type="button" className="leave" onClick={leave} tabIndex={controls ? 0 : -1}>
          {mt('leave')}
        </button>
      </div>
    </div>
  );
}
