// /developers: the API's reference, drawn on the server from the OpenAPI document the server builds
// from its own routes and schemas (developers.server.ts; GET /apis/openapi.json). No script.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '../lib/meta.js';
import { developersData, type ReferenceRoute, type DeveloperTexts } from './developers.server.js';

/** Nothing to do in the browser: the page is sent without scripts (decision 380). */
export const handle = { hydrate: false };

export const loader = ({ request, context }: LoaderFunctionArgs) => developersData(request, context);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta({ title: data.texts.title, description: data.texts.intro, url: `${data.publicUrl}/developers` }) : []);

function RouteBlock({ route, t }: { route: ReferenceRoute; t: DeveloperTexts }) {
  return (
    <section className="api-route" id={`${route.method}-${route.path}`} data-testid="api-route">
      <h3>
        <code>
          {route.method} {route.path}
        </code>
        {route.scope && (
          <span className="api-scope">
            {' '}
            — {t.scope} {route.scope}
          </span>
        )}
      </h3>
      <p>
        <strong>{t.parameters}</strong>:{' '}
        {route.parameters.length === 0
          ? t.none
          : route.parameters.map((p, i) => (
              <span key={`${p.in}-${p.name}`}>
                {i > 0 && ', '}
                <code>{p.name}</code> ({p.in}
                {p.required ? `, ${t.required}` : ''}) <code>{p.schema}</code>
              </span>
            ))}
      </p>
      {route.body && (
        <details>
          <summary>{t.body}</summary>
          <pre>{route.body}</pre>
        </details>
      )}
    </section>
  );
}

export default function Developers() {
  const { texts: t, routes, scopes, perMinute, publicUrl } = useLoaderData<typeof loader>();
  const keyRoutes = routes.filter((r) => r.scope);
  const others = routes.filter((r) => !r.scope);
  return (
    <div className="page narrow developers">
      <h1>{t.title}</h1>
      <p>
        {t.intro} <a href="/apis/openapi.json">{`${publicUrl}/apis/openapi.json`}</a>.
      </p>
      <h2>{t.auth_title}</h2>
      <pre>Authorization: Bearer vrk_…</pre>
      <p>{t.auth_text}</p>
      <p>{t.limit_text.replace('{n}', String(perMinute))}</p>
      <p>{t.errors_text}</p>
      <h2>{t.scopes_title}</h2>
      <ul>
        {scopes.map((s) => (
          <li key={s}>
            <code>{s}</code> — {t[`scope_${s}` as keyof DeveloperTexts]}
          </li>
        ))}
      </ul>
      <h2>{t.key_routes_title}</h2>
      {keyRoutes.map((r) => (
        <RouteBlock key={`${r.method} ${r.path}`} route={r} t={t} />
      ))}
      <h2>{t.other_routes_title}</h2>
      {others.map((r) => (
        <RouteBlock key={`${r.method} ${r.path}`} route={r} t={t} />
      ))}
    </div>
  );
}
