// The document shell: language, catalog, header and footer, and the one error boundary that
// draws every thrown status (404 from loaders and unknown paths, anything else as an error).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useInlineStyles, useNonce } from './lib/nonce.js';
import { useLang } from './lib/i18n.js';
import { GeneralErrorBoundary } from './components/GeneralErrorBoundary.js';
import { SiteFooter, SiteHeader } from './components/Chrome.js';
import { messagesFor } from './i18n/catalogs.server.js';
import { resolveLang } from './lib/lang.server.js';
import { pageMeta, metaT } from './lib/meta.js';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lang = await resolveLang(request, context);
  const { settings } = context.deps;
  return { lang, messages: messagesFor(lang), publicUrl: settings.publicUrl, stores: settings.stores };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const styles = useInlineStyles();
  const lang = useLang();
  // Pages that need no JavaScript at all say so with handle.hydrate = false.
  const hydrate = !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b2a86" />
        <Meta />
        <Links />
        <style dangerouslySetInnerHTML={{ __html: styles }} suppressHydrationWarning />
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

export const meta: MetaFunction = ({ matches, error }) => {
  if (!error) return [];
  const t = metaT(matches);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta({
    title: t(notFound ? 'notfound_meta_title' : 'error_meta_title'),
    description: t(notFound ? 'notfound_text' : 'error_text'),
    noindex: true,
  });
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
