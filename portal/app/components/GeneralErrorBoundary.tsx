// One error boundary for every route: a handler per status (404 by default draws "page not
// found", 503 "unavailable for a moment"), anything else the generic error text. Routes pass their own handlers (the offer
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
  // 503: the database is away for a moment (docs/decisions/201-database-outage-is-503.md).
  const unavailable = status === 503;
  return (
    <div className="page narrow center">
      <h1>{t(notFound ? 'notfound_title' : unavailable ? 'unavailable_title' : 'error_title')}</h1>
      <p>{t(notFound ? 'notfound_text' : unavailable ? 'unavailable_text' : 'error_text')}</p>
      <p>
        <a className="button" href="/">
          {t('notfound_back')}
        </a>
      </p>
    </div>
  );
}
