// Server side of /developers, the API's reference (issue 28, docs/decisions/486-openapi-from-the-route-table.md):
// the OpenAPI document the server builds from its own routes (GET /apis/openapi.json), reduced to
// what the page draws, and the page's texts in the visitor's language. The page sends no script
// (handle.hydrate false), so its texts come with its data rather than as a catalog of the browser's.
import type { AppLoadContext } from '@remix-run/node';
import { resolveLang } from '../lib/lang.server.js';
import { API_KEY_SCOPES } from '../../../models/rules/api-keys.js';

const TEXTS = {
  fr: {
    title: 'Référence de l’API',
    intro:
      'Vos autres outils (logiciel de recrutement, tableur, paie) lisent vos candidatures et publient vos annonces par l’API. Le document OpenAPI 3.1 complet, généré à partir des contrôles que le serveur applique, est à l’adresse',
    auth_title: 'Authentification par clé d’API',
    auth_text:
      'Le manager d’une entreprise crée des clés dans son espace (menu « Clés d’API ») ; la clé n’est affichée qu’une fois. Envoyez-la dans l’en-tête Authorization. Une clé agit avec les droits du manager, uniquement sur les adresses de ses portées ; les autres répondent 403 api_key_route_not_allowed, une portée manquante 403 api_key_scope_missing, une clé révoquée 401 api_key_revoked.',
    limit_text: 'Chaque clé fait au plus {n} requêtes par minute ; au-delà, 429 api_key_rate_limited avec l’en-tête Retry-After (secondes).',
    errors_text: 'Les erreurs sont { error, message, details? } : error est un code stable, message est traduit (?lang=fr|nl|en).',
    scopes_title: 'Portées',
    key_routes_title: 'Adresses ouvertes aux clés',
    other_routes_title: 'Autres adresses (session du site ou de l’application)',
    method: 'Méthode',
    path: 'Adresse',
    scope: 'Portée',
    parameters: 'Paramètres',
    body: 'Corps (JSON)',
    required: 'obligatoire',
    none: 'aucun',
    scope_read_applications: 'Lire les candidatures : candidats, états et réponses de vos annonces.',
    scope_write_offers: 'Écrire les annonces : créer et modifier vos annonces (et lire vos magasins et modèles).',
    scope_read_analytics: 'Lire les statistiques : les compteurs de votre accueil.',
  },
  en: {
    title: 'API reference',
    intro:
      'Your other tools (applicant tracking, spreadsheet, payroll) read your applications and publish your offers through the API. The full OpenAPI 3.1 document, generated from the checks the server applies, is at',
    auth_title: 'Authentication with an API key',
    auth_text:
      'A company’s manager creates keys in the manager area (“API keys” menu); a key is shown once. Send it in the Authorization header. A key acts with the manager’s rights, only on the routes of its scopes; other routes answer 403 api_key_route_not_allowed, a missing scope 403 api_key_scope_missing, a revoked key 401 api_key_revoked.',
    limit_text: 'Each key makes at most {n} requests a minute; past that, 429 api_key_rate_limited with a Retry-After header (seconds).',
    errors_text: 'Errors are { error, message, details? }: error is a stable code, message is translated (?lang=fr|nl|en).',
    scopes_title: 'Scopes',
    key_routes_title: 'Routes open to API keys',
    other_routes_title: 'Other routes (site or app session)',
    method: 'Method',
    path: 'Path',
    scope: 'Scope',
    parameters: 'Parameters',
    body: 'Body (JSON)',
    required: 'required',
    none: 'none',
    scope_read_applications: 'Read applications: candidates, states and answers of your offers.',
    scope_write_offers: 'Write offers: create and update your offers (and read your shops and templates).',
    scope_read_analytics: 'Read analytics: the counters of your home page.',
  },
  nl: {
    title: 'API-referentie',
    intro:
      'Uw andere tools (sollicitatiesoftware, spreadsheet, salarisadministratie) lezen uw sollicitaties en publiceren uw vacatures via de API. Het volledige OpenAPI 3.1-document, gegenereerd uit de controles die de server toepast, staat op',
    auth_title: 'Authenticatie met een API-sleutel',
    auth_text:
      'De manager van een bedrijf maakt sleutels aan in zijn omgeving (menu “API-sleutels”); een sleutel wordt één keer getoond. Stuur hem mee in de Authorization-header. Een sleutel handelt met de rechten van de manager, alleen op de adressen van zijn scopes; andere adressen antwoorden 403 api_key_route_not_allowed, een ontbrekende scope 403 api_key_scope_missing, een ingetrokken sleutel 401 api_key_revoked.',
    limit_text: 'Elke sleutel doet hoogstens {n} verzoeken per minuut; daarboven 429 api_key_rate_limited met een Retry-After-header (seconden).',
    errors_text: 'Fouten zijn { error, message, details? }: error is een vaste code, message is vertaald (?lang=fr|nl|en).',
    scopes_title: 'Scopes',
    key_routes_title: 'Adressen open voor API-sleutels',
    other_routes_title: 'Andere adressen (sessie van de site of de app)',
    method: 'Methode',
    path: 'Adres',
    scope: 'Scope',
    parameters: 'Parameters',
    body: 'Body (JSON)',
    required: 'verplicht',
    none: 'geen',
    scope_read_applications: 'Sollicitaties lezen: kandidaten, statussen en antwoorden van uw vacatures.',
    scope_write_offers: 'Vacatures schrijven: uw vacatures aanmaken en wijzigen (en uw winkels en sjablonen lezen).',
    scope_read_analytics: 'Statistieken lezen: de tellers van uw startpagina.',
  },
} as const;

export type DeveloperTexts = Record<keyof (typeof TEXTS)['fr'], string>;

export interface ReferenceRoute {
  method: string;
  path: string;
  scope: string | null;
  parameters: { name: string; in: string; required: boolean; schema: string }[];
  body: string | null;
}

type Op = { parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[]; requestBody?: { content?: Record<string, { schema?: unknown }> }; 'x-api-key-scope'?: string };

export async function developersData(request: Request, context: AppLoadContext) {
  const lang = await resolveLang(request, context);
  const texts: DeveloperTexts = TEXTS[lang === 'nl' || lang === 'en' ? lang : lang === 'es' ? 'en' : 'fr'];
  const doc = context.apiReference() as { paths: Record<string, Record<string, Op>> };
  const routes: ReferenceRoute[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      scope: op['x-api-key-scope'] ?? null,
      parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: !!p.required, schema: JSON.stringify(p.schema ?? {}) })),
      body: op.requestBody?.content?.['application/json']?.schema ? JSON.stringify(op.requestBody.content['application/json'].schema, null, 2) : null,
    })),
  );
  return { lang, texts, routes, scopes: [...API_KEY_SCOPES], perMinute: context.deps.settings.apiKeys.perMinute, publicUrl: context.deps.settings.publicUrl };
}
