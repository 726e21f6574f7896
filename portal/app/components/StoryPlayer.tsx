// A 9:16 player for a candidate's answers, played one after another. hls.js is loaded when the
// visitor first plays or moves (only this page pays for it, and not before it is used); browsers
// without Media Source Extensions use native HLS. Timeline bars fill per
// question; the left half goes to the previous answer, the right half to the next.
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

  const answer = answers[index];

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
        onPlay={() => setPlaying(true)}
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
      {failed && (
        <p className="question" style={{ top: 'auto', bottom: '1rem' }} role="alert">
          {labels.videoError}
        </p>
      )}
    </div>
  );
}
