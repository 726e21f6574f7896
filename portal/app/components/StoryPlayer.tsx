// A 9:16 player for a candidate's answers, played one after another. hls.js is loaded when the
// visitor first plays or moves (only this page pays for it, and not before it is used); browsers
// without Media Source Extensions use native HLS. Timeline bars fill per
// question; the left half goes to the previous answer, the right half to the next. A speed switch
// (1x, 1.5x, 2x) serves reviewers going through many answers: the speed chosen holds for every
// answer and, through the tab's session storage, the next candidates (decision 473).
import { useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { useT } from '../lib/i18n.js';

export interface Answer {
  id: string;
  question: string;
  url: string;
}

/** The player's texts: the portal gives its catalog's, the console its own (admin/src/candidates). */
export interface StoryPlayerLabels {
  region: string;
  question: (n: number, total: number) => string;
  previous: string;
  next: string;
  play: string;
  pause: string;
  videoError: string;
  /** The speed switch's group name, and each speed's text (1, 1.5, 2). */
  speed: string;
  rate: (rate: PlaybackRate) => string;
}

/** The speeds a reviewer chooses from. */
export const PLAYBACK_RATES = [1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
const RATE_KEY = 'story-player-rate';

/** The speed chosen earlier in this tab (1 when none, or when storage is refused). */
function storedRate(): PlaybackRate {
  try {
    const r = Number(window.sessionStorage.getItem(RATE_KEY));
    return PLAYBACK_RATES.find((x) => x === r) ?? 1;
  } catch {
    return 1;
  }
}

/** The portal's player, with the texts of its catalog. */
export function StoryPlayer({ answers }: { answers: Answer[] }) {
  const t = useT();
  const labels: StoryPlayerLabels = {
    region: t('feedback_player_label'),
    question: (n, total) => t('feedback_question', { n, total }),
    previous: t('feedback_previous'),
    next: t('feedback_next'),
    play: t('feedback_play'),
    pause: t('feedback_pause'),
    videoError: t('feedback_video_error'),
    speed: t('feedback_speed'),
    rate: (r) => t(r === 1 ? 'feedback_speed_1' : r === 1.5 ? 'feedback_speed_1_5' : 'feedback_speed_2'),
  };
  return <StoryPlayerView answers={answers} labels={labels} />;
}

/** The player itself, free of the portal's router and catalogs (the console mounts it too). */
export function StoryPlayerView({ answers, labels }: { answers: Answer[]; labels: StoryPlayerLabels }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  const wantPlay = useRef(false);
  // Nothing is downloaded until the visitor starts the player.
  const [started, setStarted] = useState(false);
  const [rate, setRate] = useState<PlaybackRate>(1);

  const answer = answers[index];

  // The tab's earlier choice, read after the first render (the server draws 1x).
  useEffect(() => setRate(storedRate()), []);
  // A new source resets the element's speed to its default: both carry the choice.
  const applyRate = () => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  };
  useEffect(applyRate, [rate, index]);

  const chooseRate = (r: PlaybackRate) => {
    setRate(r);
    try {
      window.sessionStorage.setItem(RATE_KEY, String(r));
    } catch {
      // storage refused: the choice holds for this player only
    }
  };

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !answer || !started) return;
    let cancelled = false;
    setProgress(0);
    setFailed(false);
    const start = () => {
      if (wantPlay.current) video.play().catch(() => setPlaying(false));
    };
    // hls.js wherever Media Source Extensions exist (as its docs advise); native HLS otherwise (iPhone).
    const mse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
    if (!answer.url.includes('.m3u8') || (!mse && video.canPlayType('application/vnd.apple.mpegurl'))) {
      video.src = answer.url;
      start();
    } else {
      import('hls.js').then(
        ({ default: HlsClass }) => {
          if (cancelled) return;
          if (!HlsClass.isSupported()) return setFailed(true);
          hlsRef.current?.destroy();
          const hls = new HlsClass({ enableWorker: true });
          hlsRef.current = hls;
          hls.on(HlsClass.Events.ERROR, (_e, data) => {
            if (data.fatal) setFailed(true);
          });
          hls.loadSource(answer.url);
          hls.attachMedia(video);
          hls.on(HlsClass.Events.MANIFEST_PARSED, start);
        },
        () => setFailed(true),
      );
    }
    return () => {
      cancelled = true;
    };
  }, [answer, started]);

  useEffect(() => () => hlsRef.current?.destroy(), []);

  const go = (to: number) => {
    if (to < 0 || to >= answers.length) return;
    wantPlay.current = true;
    setStarted(true);
    setIndex(to);
  };

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (!started) {
      wantPlay.current = true;
      setStarted(true);
      return;
    }
    if (video.paused) {
      wantPlay.current = true;
      video.play().catch(() => setPlaying(false));
    } else {
      wantPlay.current = false;
      video.pause();
    }
  };

  if (!answer) return null;
  return (
    <div className="player" role="region" aria-label={labels.region} data-testid="player" data-index={index}>
      <div className="bars" aria-hidden="true">
        {answers.map((a, i) => (
          <div className="bar" key={a.id}>
            <span style={{ width: `${i < index ? 100 : i === index ? progress : 0}%` }} />
          </div>
        ))}
      </div>
      <p className="question">
        <span className="visually-hidden">{labels.question(index + 1, answers.length)} </span>
        {answer.question}
      </p>
      <video
        ref={videoRef}
        playsInline
        preload="metadata"
        aria-label={answer.question}
        onLoadedMetadata={applyRate}
        onPlay={() => {
          applyRate();
          setPlaying(true);
        }}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          if (v.duration > 0) setProgress(Math.min(100, (v.currentTime / v.duration) * 100));
        }}
        onEnded={() => {
          if (index < answers.length - 1) {
            wantPlay.current = true;
            setIndex(index + 1);
          } else {
            setProgress(100);
          }
        }}
        onError={() => setFailed(true)}
      />
      <button type="button" className="tap prev" onClick={() => go(index - 1)} aria-label={labels.previous} disabled={index === 0} />
      <button type="button" className="tap next" onClick={() => go(index + 1)} aria-label={labels.next} disabled={index === answers.length - 1} />
      <button type="button" className={playing ? 'playpause playing' : 'playpause'} onClick={toggle} aria-label={playing ? labels.pause : labels.play}>
        {playing ? '❚❚' : '▶'}
      </button>
      <div className="speed" role="group" aria-label={labels.speed}>
        {PLAYBACK_RATES.map((r) => (
          <button type="button" key={r} aria-pressed={rate === r} onClick={() => chooseRate(r)} data-rate={r}>
            {labels.rate(r)}
          </button>
        ))}
      </div>
      {failed && (
        <p className="question" style={{ top: 'auto', bottom: '3.5rem' }} role="alert">
          {labels.videoError}
        </p>
      )}
    </div>
  );
}
