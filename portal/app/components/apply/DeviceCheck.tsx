// Before the first question (decision 445): the camera's preview, a live microphone level meter
// (Web Audio AnalyserNode), a 5-second test recording played back, and an optional practice
// question (the recorder in practice mode: no take counted, nothing sent). When the camera or the
// microphone is refused or missing, the help says what to do in the candidate's browser (Safari on
// iOS, Chrome on Android, desktop browsers). The camera turned on here stays on for the questions
// (lib/camera.ts). Loaded only when the candidate reaches this step, with the recorder.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { currentCamera, openCamera } from '../../lib/camera.js';
import { useT } from '../../lib/i18n.js';
import type { MessageKey } from '../../i18n/index.js';
import type { InterviewSettings } from '../../../../models/rules/interview.js';

const AnswerRecorder = lazy(() => import('./AnswerRecorder.js'));

/** The length of the test recording. */
export const TEST_SECONDS = 5;

type Camera = 'off' | 'starting' | 'on' | 'denied' | 'none';
type Test = { kind: 'idle' } | { kind: 'recording'; left: number } | { kind: 'done'; url: string } | { kind: 'empty' };

/** Where the help about permissions is written for. */
export type Browser = 'ios' | 'android' | 'desktop';

export function browserOf(userAgent: string, touchPoints = 0): Browser {
  // iPadOS presents itself as a Mac: a Mac with a touch screen is an iPad.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** The microphone's level, 0 to 100, from the stream's audio (RMS of the waveform), while `on`. */
function useLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return setLevel(null);
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return setLevel(null);
    const ctx = new Ctx();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let last = 0;
    let frame = 0;
    const read = (now: number) => {
      frame = requestAnimationFrame(read);
      // Ten readings a second are enough for the eye, and cheap for a phone.
      if (now - last < 100) return;
      last = now;
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
    };
    // Safari starts an AudioContext suspended: the click that turned the camera on allows it.
    void ctx.resume().catch(() => undefined);
    frame = requestAnimationFrame(read);
    return () => {
      cancelAnimationFrame(frame);
      void ctx.close().catch(() => undefined);
    };
  }, [stream]);
  return level;
}

export interface DeviceCheckProps {
  /** The offer's settings: the practice question records as long as the real ones. */
  interview: InterviewSettings;
  applicationId: number;
  /** The candidate goes on to the first question. */
  onDone(): void;
}

export default function DeviceCheck({ interview, applicationId, onDone }: DeviceCheckProps) {
  const t = useT();
  const [camera, setCamera] = useState<Camera>(() => (currentCamera() ? 'on' : 'off'));
  const [stream, setStream] = useState<MediaStream | null>(currentCamera());
  const [test, setTest] = useState<Test>({ kind: 'idle' });
  const [practice, setPractice] = useState<'off' | 'on' | 'done'>('off');
  const [browser, setBrowser] = useState<Browser>('desktop');
  const previewRef = useRef<HTMLVideoElement>(null);
  const timers = useRef<number[]>([]);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const level = useLevel(camera === 'on' ? stream : null);
  const noMicrophone = camera === 'on' && !!stream && stream.getAudioTracks().length === 0;

  useEffect(() => setBrowser(browserOf(navigator.userAgent, navigator.maxTouchPoints)), []);
  useEffect(
    () => () => {
      timers.current.forEach((id) => window.clearTimeout(id));
      if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
    },
    [],
  );
  useEffect(() => {
    const video = previewRef.current;
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
  });
  useEffect(() => () => void (test.kind === 'done' && URL.revokeObjectURL(test.url)), [test]);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return setCamera('none');
    setCamera('starting');
    try {
      const s = await openCamera();
      setStream(s);
      setCamera('on');
    } catch (e) {
      const name = e instanceof DOMException ? e.name : '';
      setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'none');
    }
  };

  /** Five seconds recorded, then played back with their sound. */
  const testRecording = () => {
    if (!stream) return;
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(stream);
    recorderRef.current = recorder;
    recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || 'video/webm' });
      setTest(blob.size > 0 ? { kind: 'done', url: URL.createObjectURL(blob) } : { kind: 'empty' });
    };
    recorder.start(1000);
    setTest({ kind: 'recording', left: TEST_SECONDS });
    for (let s = 1; s < TEST_SECONDS; s++) timers.current.push(window.setTimeout(() => setTest({ kind: 'recording', left: TEST_SECONDS - s }), s * 1000));
    timers.current.push(window.setTimeout(() => recorder.state === 'recording' && recorder.stop(), TEST_SECONDS * 1000));
  };

  const help = (what: 'denied' | 'none'): MessageKey => `dc_help_${what}_${browser}` as MessageKey;
  const practiceSettings: InterviewSettings = { ...interview, think_seconds: null, retakes: null };

  return (
    <section className="device-check" aria-labelledby="dc-title" data-testid="device-check">
      <h2 id="dc-title">{t('dc_title')}</h2>
      <p>{t('dc_intro')}</p>

      {practice !== 'on' && (
        <>
          {(camera === 'on' || test.kind === 'done') && (
            <div className="dc-camera">
              {camera === 'on' && test.kind !== 'done' && <video ref={previewRef} className="mirror" muted playsInline autoPlay aria-label={t('apply_preview_label')} data-testid="dc-preview" />}
              {test.kind === 'done' && <video src={test.url} controls autoPlay playsInline aria-label={t('dc_test_replay_label')} data-testid="dc-test-replay" />}
              {test.kind === 'recording' && (
                <p className="timer" data-testid="dc-test-recording">
                  <span className="rec-dot" aria-hidden="true" /> {t('dc_test_recording', { n: test.left })}
                </p>
              )}
            </div>
          )}

          {camera === 'on' && (
            <div className="dc-level">
              {!noMicrophone && <label htmlFor="dc-level">{t('dc_level_label')}</label>}
              {noMicrophone ? (
                <p className="field-error" role="alert" data-testid="dc-no-microphone">
                  {t('dc_no_microphone')} {t(help('none'))}
                </p>
              ) : (
                <meter id="dc-level" min={0} max={100} low={10} optimum={50} value={level ?? 0} data-testid="dc-level" data-level={level ?? 0} />
              )}
              <p className="hint">{t('dc_level_hint')}</p>
            </div>
          )}

          {camera === 'denied' && (
            <div className="panel err" role="alert" data-testid="dc-denied">
              <p>{t('dc_denied')}</p>
              <p data-testid="dc-help" data-browser={browser}>
                {t(help('denied'))}
              </p>
              <p>{t('dc_file_instead')}</p>
            </div>
          )}
          {camera === 'none' && (
            <div className="panel info" role="alert" data-testid="dc-none">
              <p>{t('dc_none')}</p>
              <p data-testid="dc-help" data-browser={browser}>
                {t(help('none'))}
              </p>
              <p>{t('dc_file_instead')}</p>
            </div>
          )}
          {test.kind === 'empty' && (
            <p className="field-error" role="alert">
              {t('apply_recording_empty')}
            </p>
          )}
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {test.kind === 'recording' && test.left === TEST_SECONDS ? t('dc_test_recording', { n: TEST_SECONDS }) : test.kind === 'done' ? t('dc_test_done') : ''}
          </p>

          <div className="actions">
            {(camera === 'off' || camera === 'starting' || camera === 'denied' || camera === 'none') && (
              <button type="button" className="button" onClick={() => void start()} disabled={camera === 'starting'} data-testid="dc-start">
                {camera === 'off' || camera === 'starting' ? t('dc_start') : t('dc_try_again')}
              </button>
            )}
            {camera === 'on' && test.kind !== 'recording' && (
              <button type="button" className="button secondary" onClick={testRecording} data-testid="dc-test">
                {test.kind === 'done' ? t('dc_test_again') : t('dc_test', { n: TEST_SECONDS })}
              </button>
            )}
          </div>
          {test.kind === 'done' && <p className="hint">{t('dc_test_done')}</p>}
        </>
      )}

      {camera === 'on' && practice === 'on' && (
        <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
          <AnswerRecorder
            applicationId={applicationId}
            questionId="practice"
            index={0}
            total={0}
            question={t('apply_practice_question')}
            interview={practiceSettings}
            takesLeft={null}
            practice
            onKept={() => setPractice('done')}
          />
        </Suspense>
      )}
      {practice === 'done' && (
        <p className="panel ok" role="status" data-testid="practice-done">
          {t('apply_practice_done')}
        </p>
      )}

      <div className="actions dc-next">
        {camera === 'on' && practice !== 'on' && test.kind !== 'recording' && (
          <button type="button" className="button secondary" onClick={() => setPractice('on')} data-testid="practice-start">
            {practice === 'done' ? t('apply_practice_again') : t('apply_practice_start')}
          </button>
        )}
        {test.kind !== 'recording' && (
          <button type="button" className="button" onClick={onDone} data-testid="dc-continue">
            {t('dc_continue')}
          </button>
        )}
      </div>
    </section>
  );
}
