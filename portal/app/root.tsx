// The document shell: language, catalog, header and footer, and the one error boundary that
// draws every thrown status (404 from loaders and unknown paths, anything else as an error).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useInlineStyles, useNonce, useScriptsBoot } from './lib/nonce.js';
import { useLang, useT } from './lib/i18n.js';
import { GeneralErrorBoundary } from './components/GeneralErrorBoundary.js';
import { SiteFooter, SiteHeader } from './components/Chrome.js';
import { resolveLang } from './lib/lang.server.js';
import { rootDataFor } from './lib/root-data.server.js';
import { errorMeta, rootData } from './lib/meta.js';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return rootDataFor(await resolveLang(request, context), context);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const styles = useInlineStyles();
  const scriptsBoot = useScriptsBoot();
  const lang = useLang();
  // Re-renders the metadata (<Meta />) once the texts of a page reached by a client-side
  // navigation have loaded (handle.texts, decision 380).
  useT();
  // Without the root loader's data (an error page drawn without it) the page is sent without
  // scripts: the browser has no catalog to hydrate it with.
  const loaded = useRouteLoaderData('root') != null;
  // Pages that need no JavaScript at all say so with handle.hydrate = false.
  const hydrate = loaded && !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b2a86" />
        <Meta />
        {!loaded && <ErrorMeta />}
        <Links />
        <style dangerouslySetInnerHTML={{ __html: styles }} suppressHydrationWarning />
        {/* Fetches the page's scripts once it has been painted (decision 399; the server disarmed them). */}
        {hydrate && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptsBoot }} suppressHydrationWarning />}
        {/* Parts that need scripts (class js-only) are sent with the page, so it does not move when
            it hydrates, and hidden where scripts do not run. */}
        <noscript>
          <style>{'.js-only{display:none!important}'}</style>
        </noscript>
      </head>
      <body>
        {children}
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  // Full-screen pages (the meeting room) say so with handle.bare = true: no header or footer; a page
  // shown in the home page's frame (handle.bareInFrame, address ?frame=1) has none there either.
  const framed = new URLSearchParams(useLocation().search).get('frame') === '1';
  const bare = useMatches().some((m) => {
    const handle = m.handle as { bare?: boolean; bareInFrame?: boolean } | undefined;
    return handle?.bare === true || (framed && handle?.bareInFrame === true);
  });
  if (bare) {
    return (
      <main id="main">
        <Outlet />
      </main>
    );
  }
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

/** The error page's metadata when the root loader did not run (meta functions then have no catalog). */
function ErrorMeta() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <title>{t(notFound ? 'notfound_meta_title' : 'error_meta_title')}</title>
      <meta name="description" content={t(notFound ? 'notfound_text' : 'error_text')} />
      <meta name="robots" content="noindex" />
    </>
  );
}

export const meta: MetaFunction = ({ matches, error }) => {
  // Without the root loader's data, ErrorMeta in the layout writes the tags.
  if (!error || !rootData(matches)) return [];
  return errorMeta(matches, error);
};

export function ErrorBoundary() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <GeneralErrorBoundary />
      </main>
      <SiteFooter />
    </>
  );
}
