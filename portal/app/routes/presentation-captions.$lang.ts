// /presentation-captions/{lang}: the presentation video's captions (WebVTT) in one language, the
// words of the home page's five steps (decision 293). A resource route: no page, no script.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLang } from '../i18n/index.js';
import { messagesFor } from '../i18n/catalogs.server.js';
import { presentationCaptions } from '../lib/presentation.js';

export function loader({ params }: LoaderFunctionArgs) {
  const lang = params.lang?.toLowerCase();
  if (!isLang(lang)) throw new Response('Not found', { status: 404 });
  const messages = messagesFor(lang);
  return new Response(
    presentationCaptions((key) => messages[key]),
    { headers: { 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
}
