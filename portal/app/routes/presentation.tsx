// The presentation shown in the home page's frame, and the page its "watch video" link opens: the
// presentation video (made by the product's transcoder, captioned in the page's language; decision
// 293), the five steps in short, then the final call-to-action ([data-final-cta]) whose appearance
// makes the home page reveal the frame.
import type { MetaFunction } from '@remix-run/node';
import { StoreBadges } from '../components/StoreBadges.js';
import { useLang, useT } from '../lib/i18n.js';
import { PRESENTATION_POSTER, PRESENTATION_VIDEO } from '../lib/presentation.js';
import { simpleMeta } from '../lib/meta.js';

export const meta: MetaFunction = ({ matches }) => simpleMeta(matches, '/presentation', 'home_frame_title', 'home_meta_description', { noindex: true });

// Static content: the page ships no JavaScript, so the home page's frame costs no main-thread work.
export const handle = { hydrate: false, bareInFrame: true };

export default function Presentation() {
  const t = useT();
  const lang = useLang();
  return (
    <div className="page narrow center">
      <h1>{t('home_title')}</h1>
      {/* preload="none": the home page's frame costs only the poster until the visitor presses play. */}
      <video
        className="presentation-video"
        data-testid="presentation-video"
        controls
        playsInline
        preload="none"
        poster={PRESENTATION_POSTER}
        width={640}
        height={360}
        aria-label={t('home_watch_video')}
      >
        <source src={PRESENTATION_VIDEO} type="video/mp4" />
        <track kind="captions" src={`/presentation-captions/${lang}`} srcLang={lang} label={t('home_video_captions')} default />
      </video>
      <ol className="steps" style={{ textAlign: 'left' }}>
        <li>{t('home_step_1')}</li>
        <li>{t('home_step_2')}</li>
        <li>{t('home_step_3')}</li>
        <li>{t('home_step_4')}</li>
        <li>{t('home_step_5')}</li>
      </ol>
      <section data-final-cta className="panel info">
        <h2>{t('home_cta_title')}</h2>
        <p>{t('home_cta_text')}</p>
        <StoreBadges center />
        <a className="button" href="/download" target="_top">
          {t('home_cta_button')}
        </a>
      </section>
    </div>
  );
}
