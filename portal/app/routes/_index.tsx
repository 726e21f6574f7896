// Home page: title, subtitle, store badges, benefits band, the five steps, the watch-video link.
// The presentation frame (/presentation, our own page) loads hidden; it is shown full screen
// once its final call-to-action appears (checked every 100 ms), and stays hidden after 3 s.
import type { MetaFunction } from '@remix-run/node';
import { useEffect, useRef, useState } from 'react';
import { StoreBadges } from '../components/StoreBadges.js';
import { useLang, useT } from '../lib/i18n.js';
import { simpleMeta } from '../lib/meta.js';
import { watchFrameForCta } from '../lib/frame.js';

export const meta: MetaFunction = ({ matches }) => simpleMeta(matches, '/', 'home_meta_title', 'home_meta_description');

export default function Home() {
  const t = useT();
  const lang = useLang();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frameShown, setFrameShown] = useState(false);
  const [frameSrc, setFrameSrc] = useState<string | null>(null);

  // The frame starts loading once the page is interactive, so it never delays the page itself.
  useEffect(() => {
    setFrameSrc(`/presentation?lang=${lang}`);
  }, [lang]);

  useEffect(() => {
    if (!frameSrc || !frameRef.current) return;
    return watchFrameForCta(frameRef.current, '[data-final-cta]', { intervalMs: 100, timeoutMs: 3000 }, () => setFrameShown(true));
  }, [frameSrc]);

  return (
    <>
      <section className="hero">
        <div className="inner">
          <h1>{t('home_title')}</h1>
          <p>{t('home_subtitle')}</p>
          <StoreBadges />
          <a
            className="watch"
            href={`/presentation?lang=${lang}`}
            onClick={(e) => {
              if (frameSrc) {
                e.preventDefault();
                setFrameShown(true);
              }
            }}
          >
            ▶ {t('home_watch_video')}
          </a>
        </div>
      </section>
      <section className="band" aria-labelledby="benefits">
        <h2 id="benefits" className="visually-hidden">
          {t('home_benefits_title')}
        </h2>
        <ul>
          <li>{t('home_benefit_hours')}</li>
          <li>{t('home_benefit_human')}</li>
          <li>{t('home_benefit_motivated')}</li>
          <li>{t('home_benefit_modern')}</li>
        </ul>
      </section>
      <section className="page" aria-labelledby="steps">
        <h2 id="steps">{t('home_steps_title')}</h2>
        <ol className="steps">
          <li>{t('home_step_1')}</li>
          <li>{t('home_step_2')}</li>
          <li>{t('home_step_3')}</li>
          <li>{t('home_step_4')}</li>
          <li>{t('home_step_5')}</li>
        </ol>
      </section>
      {frameSrc && (
        <div className={frameShown ? 'frame-overlay' : undefined} data-testid="home-frame" data-shown={frameShown ? 'true' : 'false'}>
          {frameShown && (
            <button type="button" className="button secondary close" onClick={() => setFrameShown(false)}>
              {t('home_frame_close')}
            </button>
          )}
          <iframe
            ref={frameRef}
            src={frameSrc}
            title={t('home_frame_title')}
            className={frameShown ? undefined : 'frame-hidden'}
            tabIndex={frameShown ? 0 : -1}
            aria-hidden={frameShown ? undefined : true}
          />
        </div>
      )}
    </>
  );
}
