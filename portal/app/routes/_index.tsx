// Home page: title, subtitle, store badges, a sign-in link for companies, benefits band, the five
// steps, the watch-video link. The presentation frame (/presentation, our own page: the
// presentation video and its final call-to-action) loads hidden in a place kept for it at the end
// of the page; it is revealed there, the page's full width, once its final call-to-action appears
// (checked every 100 ms), and stays hidden after 3 s. It never covers the page (decision 293).
import type { MetaFunction } from '@remix-run/node';
import { useEffect, useRef, useState } from 'react';
import { StoreBadges } from '../components/StoreBadges.js';
import { textsLoader, useLang, useT } from '../lib/i18n.js';
import { simpleMeta } from '../lib/meta.js';
import { watchFrameForCta } from '../lib/frame.js';
import type { RouteTexts } from '../i18n/registry.js';

/** The texts only this page family draws (decision 380). */
export const handle = { texts: ['home'] } satisfies RouteTexts;
// No data of its own: the server loader exists so that the clientLoader below runs after it,
// and the page is still rendered on the server (a clientLoader alone would not be).
export const loader = () => null;
// Its texts arrive with its data on a navigation inside the site (no key drawn meanwhile).
export const clientLoader = textsLoader(handle.texts);

export const meta: MetaFunction = ({ matches }) => simpleMeta(matches, '/', 'home_meta_title', 'home_meta_description');

export default function Home() {
  const t = useT();
  const lang = useLang();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frameShown, setFrameShown] = useState(false);
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [frameGaveUp, setFrameGaveUp] = useState(false);

  // The frame starts loading once the page is interactive, so it never delays the page itself.
  useEffect(() => {
    setFrameSrc(`/presentation?lang=${lang}&frame=1`);
  }, [lang]);

  useEffect(() => {
    if (!frameSrc || !frameRef.current) return;
    return watchFrameForCta(
      frameRef.current,
      '[data-final-cta]',
      { intervalMs: 100, timeoutMs: 3000 },
      () => setFrameShown(true),
      () => setFrameGaveUp(true),
    );
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
              // The frame is on the page: go to it and play its video; otherwise the link opens the video's page.
              if (!frameShown || !frameRef.current) return;
              e.preventDefault();
              frameRef.current.scrollIntoView({ behavior: 'smooth', block: 'center' });
              void frameRef.current.contentDocument
                ?.querySelector('video')
                ?.play()
                .catch(() => undefined);
            }}
          >
            ▶ {t('home_watch_video')}
          </a>
          <p className="company-signin">
            <a href={`/dashboard?lang=${lang}`} data-testid="company-signin">
              {t('home_company_signin')}
            </a>
          </p>
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
      {/* The frame's place is kept from the first paint, so revealing it moves nothing on the page. */}
      <section
        className={`frame-inline${frameGaveUp ? ' frame-none' : ''}`}
        data-testid="home-frame"
        data-shown={frameShown ? 'true' : 'false'}
        aria-label={frameShown ? t('home_frame_title') : undefined}
      >
        {frameSrc && (
          <iframe
            ref={frameRef}
            src={frameSrc}
            title={t('home_frame_title')}
            className={frameShown ? undefined : 'frame-hidden'}
            tabIndex={frameShown ? 0 : -1}
            aria-hidden={frameShown ? undefined : true}
          />
        )}
      </section>
    </>
  );
}
