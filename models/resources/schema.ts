// The shape of a console resource declaration. One declaration per resource (models/resources/<name>/
// resource.ts) is read by every layer: the server builds /apis/console/{name} from it (api/console/:
// reads, validation, access, actions), and the react-admin console builds its screens from it
// (admin/src/screen-builder/). No server-only import may appear here or in a resource.ts: Vite bundles them.
// How to add a resource: docs/decisions/066-console-resource-declarations.md.
import type * as z from 'zod/mini';
import { monthsAgo } from '../rules/dates.js';
import type { ConsoleRole } from '../rules/roles.js';

/** Who calls: staff (users.is_admin) or the roles of the user's own account (api/auth/access.ts; models/rules/roles.ts). */
export type { ConsoleRole };

export type FieldType =
  | 'string'
  | 'text'
  | 'number'
  | 'decimal'
  | 'boolean'
  | 'date' // a moment (shown with its time)
  | 'day' // a calendar day, YYYY-MM-DD (shown dd/MM/yyyy)
  | 'enum'
  | 'image'
  | 'color'
  | 'email'
  | 'url' // an http(s) address (a webhook endpoint's); the service adds its own rules
  | 'phone' // a phone number by the phone rule (models/rules/phone.ts), stored in E.164
  | 'password'
  | 'reference'
  | 'json'
  | 'tags'
  | 'questions';

/**
 * A rule the console applies while the user types (the server applies it again on save): what to
 * keep of the input and the first character refused, which the console names in an alert.
 */
export interface NormalizeRule {
  apply(input: string): { value: string; refused: string | null };
  /** The accepted characters, quoted in the alert. */
  allowed: string;
  /** Translation key of the alert; it receives %{char} and %{allowed}. */
  refusedMessage: string;
}

/**
 * The server's error for a console message key: 'console.identifier_too_short' answers the code
 * identifier_too_short with the server message console_identifier_too_short (config/i18n).
 */
export function serverErrorOf(consoleKey: string): { code: string; message: string } {
  return { code: consoleKey.replace(/^console\./, ''), message: consoleKey.replace('.', '_') };
}

/** Where a field's value comes from when it is not a plain column of the resource's table. */
export type FieldOrigin =
  /** A key of a JSON column of the row: { json: 'content' } reads and writes content[source]. */
  | { json: string }
  /** A column of the record a reference column points to: { via: 'offer_id', model: 'Offer', column: 'job_code' }. */
  | { via: string; model: string; column: string }
  /** How many rows of another model point to this row: { count: 'SubscriptionRecruiter', via: 'subscription_id' }. */
  | { count: string; via: string }
  /** Computed from the other fields of the read row (pure; runs on the server after reading). */
  | { compute: (row: Record<string, unknown>) => unknown }
  /** Set by the resource's server read model (api/console/parts/<name>.ts). */
  | { server: true };

/** A choice's stored value and its name per console language. */
export interface ChoiceNames {
  value: string;
  fr: string;
  nl: string;
  en: string;
}

export interface FieldDecl {
  source: string;
  type: FieldType;
  /** Table column (default: source). */
  column?: string;
  from?: FieldOrigin;
  /** Choices of an enum field (stored values; labels are resources.{name}.choices.{source}.{value}). */
  choices?: readonly (string | number)[];
  /** Names of the choices in each language, when a reference list has them (config/reference/lists.ts). */
  choiceNames?: readonly ChoiceNames[];
  /** Target resource of a reference field. */
  reference?: string;
  /** Required: present on create, and never empty (after trimming) or null. */
  required?: boolean;
  min?: number;
  max?: number;
  /** Text: characters; tags and questions: items. */
  minLength?: number;
  maxLength?: number;
  /** Shown in the list screen. */
  list?: boolean;
  /** An image field holding a person's picture: screens show it as a 40 px avatar, from its 40x40 copy (decision 310). */
  avatar?: boolean;
  /** Accepted on create and update ('create': only on create). Read-only fields are shown, never written. */
  writable?: boolean | 'create';
  sortable?: boolean;
  /** Characters kept from long text in the list (spec: 255 in admin lists). */
  cut?: number;
  /** What a new record starts with: the create form shows it and the server applies it when absent. */
  default?: string | number | boolean | readonly unknown[];
  normalize?: NormalizeRule;
  /** Translation key of the too-short message when the spec words its own (else react-admin's). */
  minLengthMessage?: string;
  /** Never sent to the browser (passwords). */
  secret?: boolean;
  /**
   * Set by a form's address search rather than typed (a shop's region, country, coordinates): the
   * manager-area form shows no input for it; the staff console's generated form does.
   */
  filledBy?: 'address';
  /** Roles that read this field (staff always do); others get records without it. Unset: every
   *  role that may read the resource. */
  readBy?: readonly ConsoleRole[];
}

export type FilterType =
  | 'eq' // column = value
  | 'in' // column IN (values) — also used by getMany with filter { id: [...] }
  | 'dateFrom' // column >= value (ISO date)
  | 'dateTo' // column <= value (ISO date, end of day)
  | 'gte'
  | 'lte'
  | 'search' // text search: the declared `search` columns, or the resource's server read model
  | 'flag' // boolean; the resource's server read model says what it means
  | 'custom'; // a value the resource's server read model interprets, set by hand-written screens or links

/** A default that depends on the day: { monthsAgo: 3 } is the ISO date three months back. */
export type RelativeDate = { monthsAgo: number };

export interface FilterDecl {
  /** Query key in filter={...}. */
  source: string;
  type: FilterType;
  /** Column it applies to (defaults to source); a field's source with a `from` origin maps to it. */
  column?: string;
  /** Value the console puts in the filter form (the server applies no hidden default). */
  defaultValue?: string | number | boolean | RelativeDate;
  /** Choices for eq filters shown as buttons or selects. */
  choices?: readonly (string | number)[];
  /** Shown in the filter bar at all times. */
  alwaysOn?: boolean;
}

export type Operation = 'list' | 'read' | 'create' | 'edit' | 'delete';

/** Which rows a non-staff role sees: rows whose `column` is the caller's id, or one of the recruiters they manage. */
export interface RowScope {
  column: string;
  /**
   * 'self': the caller's id; 'managed': the caller and the recruiters in their manager list;
   * 'company': reads see the caller's and those of the subscribers whose seat they hold, writes
   * only the caller's (decision 240).
   */
  match: 'self' | 'managed' | 'company';
}

/**
 * A field of an action's form, shown in its confirmation dialog: a record of another resource
 * picked by search (label key resources.{resource}.actions.{action}_{source}). The body sends the
 * picked record's id under `source`; fields left empty are not sent.
 */
export interface ActionFieldDecl {
  source: string;
  type: 'reference';
  reference: string;
  /** Filters of the reference's list (e.g. { profile: 'recruiter' }). */
  filter?: Readonly<Record<string, string>>;
}

export interface ActionDecl {
  /** POST /apis/console/{resource}/{id}/{name} */
  name: string;
  /** Roles allowed (staff are always allowed); each role only on the rows its scope reaches. */
  roles: readonly ConsoleRole[];
  /** Every action in the console sits behind a confirmation dialog. */
  confirm: true;
  /** What the action asks before it runs (its body); none: an empty body. */
  fields?: readonly ActionFieldDecl[];
  /**
   * The body's zod schema (zod/mini, browser-safe), applied by the console route's validate() before
   * the handler, which receives its output. None: the action takes no input (any keys are dropped).
   * Given as the import of the module that builds it (the resource's actions.ts), so a console that
   * only reads the declarations (menus, lists) downloads no zod (issue 26, decision 398); the module
   * system builds it once, on first use, and every caller gets that one schema object.
   */
  body?: () => Promise<z.core.$ZodType>;
  /** The action needs input a generated screen cannot ask for (a recruiter to seat): only hand-written screens offer it. */
  handWritten?: true;
  /**
   * Values the confirmation's text (resources.{name}.actions.{action}_confirm) receives, from the
   * record: the dialog says what will happen to this record (pure, browser-safe).
   */
  confirmArgs?: (record: Record<string, unknown>) => Record<string, string | number>;
  /**
   * Values the result's text (resources.{name}.actions.{action}_done) receives, from the action's
   * answer: the notification says what was done. Without it the console says "Action saved".
   */
  doneArgs?: (answer: Record<string, unknown>) => Record<string, string | number>;
}

/** One view of a list (the profile selector's options): the filters it shows and its defaults. */
export interface ListView {
  filters: readonly string[];
  defaults: Readonly<Record<string, string | number | boolean | RelativeDate>>;
}

export interface ListOptions {
  /** Table rows (generated) or cards (a hand-written card component in the resource's folder). */
  layout: 'table' | 'cards';
  /** Row buttons of a table: edit, delete (with confirmation), show. */
  rowActions?: readonly ('edit' | 'delete' | 'show')[];
  /** Where a click on a row goes (default: edit when editable, else show). */
  rowClick?: 'edit' | 'show' | false;
  /** Named views with their own filters and defaults (users: candidate, recruiter, manager, wishlist). */
  views?: Readonly<Record<string, ListView>>;
  /** Translation key of the confirmation of a row delete. */
  deleteConfirm?: string;
  /** Links shown on each row or card: a label key and an address with {field} placeholders. */
  links?: readonly RowLink[];
}

export interface RowLink {
  /** Translation key of the link's text. */
  label: string;
  /** '/candidate/offer/{job_code}', '#/user/{recruiter_id}', or a console list with a JSON filter. */
  href: string;
  /** Opens in a new tab (public pages). */
  external?: boolean;
}

/**
 * A row link's address for a record: each {field} replaced by the record's value, URI-encoded; a
 * placeholder inside an encoded JSON filter (%7Bfield%7D) gets the value as a JSON string's content.
 */
export function linkHref(link: RowLink, record: Record<string, unknown>): string {
  const value = (k: string) => String(record[k] ?? '');
  return link.href.replace(/%7B(\w+)%7D/g, (_, k: string) => encodeURIComponent(JSON.stringify(value(k)).slice(1, -1))).replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(value(k)));
}

export type Screen = 'list' | 'show' | 'edit' | 'create';

export interface ResourceDecl {
  name: string;
  /** Name of the Sequelize model in models/index.ts (its table holds the rows). */
  model: string;
  /** Field used to show one record in references and titles. */
  recordRepresentation: string;
  fields: readonly FieldDecl[];
  filters: readonly FilterDecl[];
  /** Sortable keys (indexed); the first is the default, descending. Keyset paging runs on it plus id. */
  sort: readonly string[];
  /** Roles per operation; staff ('admin') may do everything listed for it. */
  access: Partial<Record<Operation, readonly ConsoleRole[]>>;
  /** Rows each non-staff role sees; a role with access but no scope sees nothing. */
  rows?: Partial<Record<Exclude<ConsoleRole, 'admin'>, RowScope>>;
  /** Rows outside every list and read of the resource (landing leads: those without an account). */
  base?: Readonly<Record<string, string | number | null>>;
  /** A `search` filter matches text found anywhere in one of these columns (decision 300). */
  search?: readonly string[];
  /**
   * The search matches the start of a column instead (an index range each): for a list too long to
   * check every row (landing leads, 100 000 at a million users: decision 300 measured the scan).
   */
  searchPrefix?: boolean;
  actions?: readonly ActionDecl[];
  /** Screens the console generates (default: those the access allows); hand-written ones replace them. */
  screens?: readonly Screen[];
  list?: ListOptions;
  /** The list count stops at this many; the console shows "plus de N trouvés" above it. */
  countCap?: number;
  /** Records a page may hold at most. */
  maxPage?: number;
}

/** A company's records (templates, shops): staff and the company's manager may do everything. */
export const COMPANY_ACCESS = {
  list: ['admin', 'manager'],
  read: ['admin', 'manager'],
  create: ['admin', 'manager'],
  edit: ['admin', 'manager'],
  delete: ['admin', 'manager'],
} as const satisfies ResourceDecl['access'];

export const DEFAULT_COUNT_CAP = 10_000;
export const DEFAULT_MAX_PAGE = 200;

export function defineResource<const R extends ResourceDecl>(decl: R): R {
  return decl;
}

/** The declared default of every writable field that has one: what a new record starts with. */
export function declaredDefaults(decl: ResourceDecl): Record<string, unknown> {
  return Object.fromEntries(decl.fields.filter((f) => f.writable && f.default !== undefined).map((f) => [f.source, f.default]));
}

/** Fields accepted on a create (every writable one) or an update (writable: true only). */
export function writableFields(decl: ResourceDecl, mode: 'create' | 'edit'): FieldDecl[] {
  return decl.fields.filter((f) => f.writable === true || (mode === 'create' && f.writable === 'create'));
}

export function isRelativeDate(v: unknown): v is RelativeDate {
  return typeof v === 'object' && v !== null && 'monthsAgo' in v;
}

/** Filter defaults with relative dates resolved: of a view when it names one, else of the declared filters. */
export function filterDefaults(decl: ResourceDecl, view?: string, now: Date = new Date()): Record<string, unknown> {
  const raw = view && decl.list?.views?.[view] ? decl.list.views[view].defaults : Object.fromEntries(decl.filters.filter((f) => f.defaultValue !== undefined).map((f) => [f.source, f.defaultValue!]));
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, isRelativeDate(v) ? monthsAgo(v.monthsAgo, now) : v]));
}

/** The screens a declaration gets: the declared ones, else those its access allows. */
export function screensOf(decl: ResourceDecl): Screen[] {
  if (decl.screens) return [...decl.screens];
  const out: Screen[] = [];
  if (decl.access.list) out.push('list');
  if (decl.access.read) out.push('show');
  if (decl.access.edit) out.push('edit');
  if (decl.access.create) out.push('create');
  return out;
}
