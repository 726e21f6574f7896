// One error boundary for every route: a handler per status (404 by default draws "page not
// found"), anything else the generic error text. Routes pass their own handlers (the offer
// page's 404 is "no offer matches").
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.js';

type Handler = () => ReactNode;

export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, Handler> }) {
  const error = useRouteError();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const own = statusHandlers[status];
  if (own) return <>{own()}</>;
  const notFound = status === 404;
  return (
    <div className="page narrow center">
      <h1>{t(notFound ? 'notfound_title' : 'error_title')}</h1>
      <p>{t(notFound ? 'notfound_text' : 'error_text')}</p>
      <p>
        <a className="button" href="/">
          {t('notfound_back')}
        </a>
      </p>
    </div>
  );
}
