// One answer: the camera preview, a 3-2-1 countdown, recording up to the offer's answer length with
// a visible timer (it stops by itself at that length), the replay, then retake or keep; or a video file chosen on the
// device (accept="video/*" capture="user": phones that cannot record in the page open their own
// camera). The kept answer goes to the page's upload queue (lib/upload-queue.ts, decision 445): it
// uploads on tus while the candidate goes on to the next question.
// The camera stays on from one question to the next (lib/camera.ts); while counting down and
// recording on a phone, the question, the camera, the timer and "stop" fill the screen, so that
// none of them scrolls out of view. The replay of a browser recording (WebM without a duration in
// its header) is sought to its end once so that its seek bar shows the real length.
// The offer's interview settings (decision 405) lead it: a thinking time shown as a countdown before
// the recording starts by itself (or none: the 3-2-1 countdown starts as soon as the question is
// shown; or until the candidate presses record), the answer length, and the retakes, counted by the
// server when each recording starts (POST …/takes): "Retake" goes once none is left.
// Keyboard and screen readers (decision 445): each state's main button takes the focus when the
// state changes under it (record -> stop -> replay -> keep/retake), and one polite live region says
// the countdown, the start, 30 s and 10 s left, and the end, not every second. The practice question
// (`practice`) records the same way but counts no take and sends nothing: its kept answer stays in
// the page. This module loads only when the candidate reaches the device check or a question.
// A recording waits in IndexedDB from its end until it is kept or redone (decision 468): a tab
// closed or reloaded during the replay comes back to the same replay, and keeping it sends that
// take (its take is still open on the server: no new take is counted).
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { currentCamera, openCamera, releaseCamera } from '../../lib/camera.js';
import { useLang, useT } from '../../lib/i18n.js';
import { ApiError, MAX_VIDEO_BYTES, startTake } from '../../lib/video-answers.js';
import { dropRecorded, loadRecorded, savePending, saveRecorded } from '../../lib/answer-upload.js';
import { formatSeconds, type InterviewSettings } from '../../../../models/rules/interview.js';

const COUNTDOWN_FROM = 3;

/** The key of `n` retakes left, by the language's own plural rule (French: 0 and 1 are singular). */
const takesLeftKey = (lang: string, n: number) => (new Intl.PluralRules(lang).select(n) === 'one' ? 'apply_takes_left_one' : 'apply_takes_left_other');

type Camera = 'off' | 'starting' | 'on' | 'denied' | 'none';
type Step = { kind: 'ready' } | { kind: 'thinking'; n: number } | { kind: 'countdown'; n: number } | { kind: 'recording'; startedAt: number } | { kind: 'review'; file: File; url: string };

export interface AnswerRecorderProps {
  applicationId: number;
  questionId: string;
  index: number;
  total: number;
  question: string;
  /** The server refused the previous file for this answer (status failed). */
  previousError?: string | null;
  /** The offer's thinking time, answer length and retakes. */
  interview: InterviewSettings;
  /** Recordings still allowed for this answer, as the server counts them (null: no limit). */
  takesLeft: number | null;
  /** The candidate keeps this recording (or chose a file): the page sends it, or keeps it for the practice. */
  onKept(file: File): void;
  /** The practice question: no take counted, no file input, nothing sent (decision 445). */
  practice?: boolean;
}

/**
 * The type to record: H.264 in MP4 where the browser offers it (Chromium: with AAC, or with Opus
 * where it has no AAC encoder), which the server packages as it is, playable within seconds
 * (decision 390); else VP8/VP9 WebM, which it transcodes. Never H.264 in WebM: Chromium writes it
 * without an index, and its replay fails to decode after a seek (decision 390).
 */
function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['video/mp4;codecs=avc1.42E01F,mp4a.40.2', 'video/mp4;codecs=avc1.42E01F,opus', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

/**
 * The recorder's options: with H.264, a keyframe every 2 s (Chromium's videoKeyFrameIntervalDuration,
 * ignored where unknown), so the server can cut 2 s segments without re-encoding.
 */
function recorderOptions(type: string | undefined): MediaRecorderOptions | undefined {
  if (!type) return undefined;
  return /avc1|h264/.test(type) ? ({ mimeType: type, videoKeyFrameIntervalDuration: 2000 } as MediaRecorderOptions) : { mimeType: type };
}

const canRecord = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== 'undefined';

const clock = (ms: number, limitSeconds: number) => {
  const s = Math.min(limitSeconds, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** When the time left is said aloud: at the start, then at these seconds left (decision 445). */
const SAID_AT_SECONDS_LEFT = [30, 10];

export default function AnswerRecorder({ applicationId, questionId, index, total, question, previousError, interview, takesLeft, onKept, practice = false }: AnswerRecorderProps) {
  const t = useT();
  const lang = useLang();
  const limitSeconds = interview.answer_seconds;
  const limitMs = limitSeconds * 1000;
  // Recordings left (null: no limit): the server's count, updated by each take it counts.
  const [left, setLeft] = useState<number | null>(takesLeft);
  const [takeError, setTakeError] = useState<string | null>(null);
  // A camera turned on for an earlier question is still on.
  const [camera, setCamera] = useState<Camera>(() => (currentCamera() ? 'on' : 'off'));
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const [elapsed, setElapsed] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  // What the live region says (the countdown, the time left at a few moments, the end).
  const [said, setSaid] = useState('');
  const previewRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(currentCamera());
  const sectionRef = useRef<HTMLElement>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const replayRef = useRef<HTMLVideoElement>(null);
  const timers = useRef<number[]>([]);
  const starting = useRef(false);
  // A recording of an earlier visit, not kept yet, is looked for first (never for the practice).
  const [restoring, setRestoring] = useState(!practice);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (practice) return;
    let live = true;
    void loadRecorded(applicationId, questionId)
      .then((file) => {
        if (!live || !file) return;
        setRestored(true);
        setStep((s) => (s.kind === 'ready' ? { kind: 'review', file, url: URL.createObjectURL(file) } : s));
      })
      .finally(() => live && setRestoring(false));
    return () => {
      live = false;
    };
  }, []);

  const clearTimers = () => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [];
  };

  const stopCamera = useCallback(() => {
    releaseCamera();
    streamRef.current = null;
  }, []);

  // Leaving this question (the next one comes) keeps the camera on; the page turns it off.
  useEffect(
    () => () => {
      clearTimers();
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
    },
    [],
  );

  const startCamera = async () => {
    if (!canRecord()) return setCamera('none');
    setCamera('starting');
    try {
      streamRef.current = await openCamera();
      setCamera('on');
    } catch (e) {
      const name = e instanceof DOMException ? e.name : '';
      setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'none');
    }
  };

  // The preview shows the live camera whenever the camera is on and nothing is being replayed.
  useEffect(() => {
    const video = previewRef.current;
    if (video && camera === 'on' && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  });

  /** A recording starts: the server counts the take first; past the offer's retakes it refuses, and nothing records. */
  const takeCounted = async (): Promise<boolean> => {
    if (practice) return true;
    try {
      const take = await startTake(applicationId, questionId);
      setLeft(take.takes_left);
      setTakeError(null);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'no_retakes_left') setLeft(0);
      setTakeError(e instanceof ApiError ? e.message : t('err_network'));
      setStep({ kind: 'ready' });
      return false;
    }
  };

  /** Record: the take is counted, then the 3-2-1 countdown (none after a thinking time, which was the warning). */
  const record = async (withCountdown = true) => {
    const stream = streamRef.current;
    if (!stream) return;
    clearTimers();
    sectionRef.current?.scrollIntoView({ block: 'start' });
    // One take per start, however often the button is pressed while the server answers.
    if (starting.current) return;
    starting.current = true;
    const counted = await takeCounted().finally(() => (starting.current = false));
    if (!counted) return;
    const countdown = withCountdown ? COUNTDOWN_FROM : 0;
    if (countdown) {
      setStep({ kind: 'countdown', n: COUNTDOWN_FROM });
      setSaid(t('apply_countdown', { n: COUNTDOWN_FROM }));
    }
    for (let n = countdown - 1; n >= 1; n--) {
      timers.current.push(
        window.setTimeout(
          () => {
            setStep({ kind: 'countdown', n });
            setSaid(t('apply_countdown', { n }));
          },
          (COUNTDOWN_FROM - n) * 1000,
        ),
      );
    }
    const begin = () => {
      const type = recordingType();
      const recorder = new MediaRecorder(stream, recorderOptions(type));
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      recorder.onstop = () => {
        clearTimers();
        const mime = (recorder.mimeType || type || 'video/webm').split(';')[0];
        const file = new File(chunks, `answer-${index + 1}.${mime.includes('mp4') ? 'mp4' : 'webm'}`, { type: mime, lastModified: Date.now() });
        // Nothing came from the camera (stopped at once, a busy device): say so, record again.
        if (file.size === 0) {
          setEmpty(true);
          setSaid(t('apply_recording_empty'));
          return setStep({ kind: 'ready' });
        }
        setSaid(t('apply_sr_stopped'));
        if (!practice) void saveRecorded(applicationId, questionId, file);
        setStep({ kind: 'review', file, url: URL.createObjectURL(file) });
      };
      recorderRef.current = recorder;
      setEmpty(false);
      const startedAt = Date.now();
      recorder.start(1000);
      setElapsed(0);
      setStep({ kind: 'recording', startedAt });
      setSaid(t('apply_sr_recording', { left: formatSeconds(limitSeconds) }));
      for (const secondsLeft of SAID_AT_SECONDS_LEFT) {
        if (limitSeconds > secondsLeft)
          timers.current.push(window.setTimeout(() => recorder.state === 'recording' && setSaid(t('apply_sr_left', { left: formatSeconds(secondsLeft) })), limitMs - secondsLeft * 1000));
      }
      const tick = () => {
        setElapsed(Date.now() - startedAt);
        if (recorder.state === 'recording') timers.current.push(window.setTimeout(tick, 250));
      };
      tick();
      // At the answer length the recording stops by itself.
      timers.current.push(window.setTimeout(() => recorder.state === 'recording' && recorder.stop(), limitMs));
    };
    if (countdown) timers.current.push(window.setTimeout(begin, countdown * 1000));
    else begin();
  };

  /** A thinking time: the question with its countdown, then the recording starts by itself (or earlier, "start now"). */
  const think = (seconds: number) => {
    clearTimers();
    sectionRef.current?.scrollIntoView({ block: 'start' });
    setStep({ kind: 'thinking', n: seconds });
    setSaid(t('apply_thinking_sr', { n: seconds }));
    for (let n = seconds - 1; n >= 1; n--) timers.current.push(window.setTimeout(() => setStep({ kind: 'thinking', n }), (seconds - n) * 1000));
    timers.current.push(window.setTimeout(() => void record(false), seconds * 1000));
  };

  // With a thinking time or none, the question starts by itself once the camera is on (and again
  // after a retake); never when no recording is left or the server refused the last take.
  const auto = interview.think_seconds !== null && camera === 'on' && step.kind === 'ready' && left !== 0 && !takeError && !empty && !restoring;
  useEffect(() => {
    if (!auto) return;
    if (interview.think_seconds) think(interview.think_seconds);
    else void record(true);
  }, [auto]);

  const stop = () => {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  };

  const retake = () => {
    if (step.kind === 'review') URL.revokeObjectURL(step.url);
    if (!practice) void dropRecorded(applicationId, questionId);
    setRestored(false);
    setTakeError(null);
    setSaid('');
    setStep({ kind: 'ready' });
    if (!streamRef.current) void startCamera();
  };

  const keep = () => {
    if (step.kind !== 'review') return;
    URL.revokeObjectURL(step.url);
    const file = step.file;
    // Kept: it waits among the answers to send (pending) before it leaves the recordings not kept.
    if (!practice) void savePending(applicationId, questionId, file).then(() => dropRecorded(applicationId, questionId));
    onKept(file);
  };

  /** The replay, from a button as well as from the video's own controls (a keyboard reaches both). */
  const [playing, setPlaying] = useState(false);
  const replay = () => {
    const video = replayRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      if (video.ended) video.currentTime = 0;
      void video.play().catch(() => undefined);
    } else video.pause();
  };

  // The state's main button takes the focus when the state changes under the candidate's hands
  // (the focus was in this question, or nowhere because the pressed button went away).
  const primaryRef = useRef<HTMLButtonElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body || sectionRef.current?.contains(active)) primaryRef.current?.focus({ preventScroll: true });
  }, [step.kind, camera]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setFileError(null);
    if (!file) return;
    if (!file.type.startsWith('video/') && !/\.(webm|mp4|mov|m4v|3gp|mkv|avi)$/i.test(file.name)) return setFileError(t('apply_file_not_video'));
    if (file.size > MAX_VIDEO_BYTES) return setFileError(t('apply_file_too_large'));
    stopCamera();
    setCamera('off');
    // A file from the device answers instead of a recording not kept: that recording goes.
    if (!practice) void dropRecorded(applicationId, questionId);
    onKept(file);
  };

  // A browser's WebM recording has no duration in its header (Infinity): seeking past its end once
  // makes the browser read it to the end and learn it, then the replay goes back to the start.
  const learnDuration = (e: SyntheticEvent<HTMLVideoElement>) => {
    const video = e.currentTarget;
    if (Number.isFinite(video.duration)) return;
    const back = () => {
      if (!Number.isFinite(video.duration)) return;
      video.removeEventListener('durationchange', back);
      video.currentTime = 0;
    };
    video.addEventListener('durationchange', back);
    video.currentTime = Number.MAX_SAFE_INTEGER;
  };

  const live = step.kind === 'thinking' || step.kind === 'countdown' || step.kind === 'recording';
  const busy = step.kind === 'countdown' || step.kind === 'recording';
  const showLive = camera === 'on' && (step.kind === 'ready' || step.kind === 'thinking' || step.kind === 'countdown' || step.kind === 'recording');
  // Retakes left once a recording is done: a take more is one retake; none left, "Retake" goes.
  const retakesLeftText = left === null ? null : left === 0 ? t('apply_takes_left_none') : t(takesLeftKey(lang, left), { n: left });
  const headingId = `q-${questionId}`;

  return (
    <section
      ref={sectionRef}
      className={`recorder${live ? ' live' : ''}`}
      aria-labelledby={headingId}
      data-testid={practice ? 'practice-recorder' : 'recorder'}
      data-question={practice ? undefined : index + 1}
    >
      <p className="muted">{practice ? t('apply_practice_label') : t('apply_question', { n: index + 1, total })}</p>
      <h2 id={headingId}>{question}</h2>
      {previousError && (step.kind === 'ready' || step.kind === 'thinking' || step.kind === 'countdown') && (
        <p className="field-error" role="alert">
          {t('apply_answer_failed')} {previousError}
        </p>
      )}

      <div className="camera">
        {showLive && <video ref={previewRef} className="mirror" muted playsInline autoPlay aria-label={t('apply_preview_label')} data-testid="preview" />}
        {step.kind === 'review' && (
          <video
            ref={replayRef}
            src={step.url}
            controls
            playsInline
            preload="metadata"
            onLoadedMetadata={learnDuration}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            aria-label={t('apply_replay_label')}
            data-testid="replay"
          />
        )}
        {step.kind === 'thinking' && (
          <p className="thinking" role="timer" aria-live="off" data-testid="thinking">
            {t('apply_thinking', { n: step.n })}
          </p>
        )}
        {step.kind === 'countdown' && (
          <p className="countdown" aria-hidden="true" data-testid="countdown">
            {step.n}
          </p>
        )}
        {step.kind === 'recording' && (
          <p className="timer" role="timer" aria-live="off" data-testid="timer">
            <span className="rec-dot" aria-hidden="true" /> {t('apply_recording')} {t('apply_timer', { elapsed: clock(elapsed, limitSeconds), limit: clock(limitMs, limitSeconds) })}
          </p>
        )}
      </div>

      {restored && step.kind === 'review' && (
        <p className="panel info" role="status" data-testid="recorded-kept">
          {t('apply_recorded_kept')}
        </p>
      )}
      {!practice && !restoring && left === 0 && step.kind === 'ready' && (
        <p className="panel info" role="status" data-testid="no-takes-left">
          {t('apply_no_takes_left_ask')}
        </p>
      )}
      {empty && step.kind === 'ready' && (
        <p className="field-error" role="alert" data-testid="recording-empty">
          {t('apply_recording_empty')}
        </p>
      )}
      {takeError && step.kind === 'ready' && (
        <p className="field-error" role="alert" data-testid="take-error">
          {takeError}
        </p>
      )}
      {camera === 'denied' && (
        <p className="panel err" role="alert" data-testid="camera-denied">
          {t('apply_camera_denied')}
        </p>
      )}
      {camera === 'none' && (
        <p className="panel info" role="alert" data-testid="no-camera">
          {t('apply_no_camera')}
        </p>
      )}

      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="recorder-said">
        {said}
      </p>

      <div className="actions">
        {camera !== 'on' && camera !== 'denied' && camera !== 'none' && step.kind === 'ready' && left !== 0 && (
          <button ref={primaryRef} type="button" className="button" onClick={() => void startCamera()} disabled={camera === 'starting'}>
            {t('apply_camera_start')}
          </button>
        )}
        {camera === 'on' && step.kind === 'ready' && left !== 0 && (
          <button ref={primaryRef} type="button" className="button" onClick={() => void record(true)}>
            {t('apply_record')}
          </button>
        )}
        {step.kind === 'thinking' && (
          <button ref={primaryRef} type="button" className="button" onClick={() => void record(false)}>
            {t('apply_start_now')}
          </button>
        )}
        {step.kind === 'recording' && (
          <button ref={primaryRef} type="button" className="button" onClick={stop}>
            {t('apply_stop')}
          </button>
        )}
        {step.kind === 'review' && (
          <>
            <button ref={primaryRef} type="button" className="button secondary" onClick={replay} aria-pressed={playing} data-testid="replay-button">
              {t('apply_replay')}
            </button>
            {left !== 0 && (
              <button type="button" className="button secondary" onClick={retake} data-testid="retake">
                {t('apply_retake')}
              </button>
            )}
            <button type="button" className="button" onClick={keep}>
              {practice ? t('apply_practice_keep') : t('apply_keep')}
            </button>
          </>
        )}
      </div>

      {step.kind === 'review' && retakesLeftText && (
        <p className="hint" data-testid="takes-left">
          {retakesLeftText}
        </p>
      )}

      {!busy && !practice && step.kind !== 'review' && (
        <div className="field">
          <label htmlFor={`file-${questionId}`}>{t('apply_file', { duration: formatSeconds(limitSeconds) })}</label>
          <input id={`file-${questionId}`} type="file" accept="video/*" capture="user" onChange={onFile} data-testid="answer-file" />
          {fileError && (
            <span className="field-error" role="alert">
              {fileError}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
