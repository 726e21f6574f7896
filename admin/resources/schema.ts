// The shape of a console resource declaration. One declaration per resource (the files next to
// this one) is read by both sides: the server builds /apis/console/{name} from it
// (api/console/), and the react-admin console builds its list/show/edit/create screens from it
// (admin/src/generated/). No server-only import may appear here: Vite bundles these files.

/** Who calls: staff (users.is_admin) or the user's own profile. */
export type ConsoleRole = 'admin' | 'manager' | 'recruiter' | 'candidate';

export type FieldType = 'string' | 'text' | 'number' | 'boolean' | 'date' | 'enum' | 'image' | 'color' | 'email' | 'reference' | 'json';

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

export interface FieldDecl {
  source: string;
  type: FieldType;
  /** Choices of an enum field (stored values; labels are resources.{name}.choices.{source}.{value}). */
  choices?: readonly (string | number)[];
  /** Target resource of a reference field. */
  reference?: string;
  required?: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  /** Shown in the list screen (default true for the first few fields only when listed). */
  list?: boolean;
  /** Accepted on create/update; read-only fields are shown but never written by the generic handler. */
  writable?: boolean;
  sortable?: boolean;
  /** Characters kept from long text in the list (spec: 255 in admin lists). */
  cut?: number;
  /** What a create form starts with; the server's create must apply the same value when the field is absent. */
  default?: string | number | boolean;
  normalize?: NormalizeRule;
  /** Translation key of the too-short message when the spec words its own (else react-admin's). */
  minLengthMessage?: string;
}

export type FilterType =
  | 'eq' // column = value
  | 'in' // column IN (values) — also used by getMany with filter { id: [...] }
  | 'dateFrom' // column >= value (ISO date)
  | 'dateTo' // column <= value (ISO date, end of day)
  | 'gte'
  | 'lte'
  | 'search' // text search, done by the resource's search strategy on indexes
  | 'flag' // boolean checkbox whose meaning the resource's server part defines
  | 'custom'; // a value whose meaning the resource's server part defines, set by hand-written screens or links

export interface FilterDecl {
  /** Query key in filter={...}. */
  source: string;
  type: FilterType;
  /** Column it applies to (defaults to source). */
  column?: string;
  /** Default value the console puts in the filter form (the server applies no hidden default). */
  defaultValue?: unknown;
  /** Choices for eq filters shown as buttons (landing notif states). */
  choices?: readonly (string | number)[];
  /** Shown in the filter bar at all times. */
  alwaysOn?: boolean;
}

export type Operation = 'list' | 'read' | 'create' | 'edit' | 'delete';

/** Which rows a non-staff role sees: rows whose `column` equals the caller's id. */
export interface RowScope {
  column: string;
  /** 'self' compares with the caller's id; 'managed' with the ids of the recruiters the caller manages (and the caller). */
  match: 'self' | 'managed';
}

export interface ActionDecl {
  /** POST /apis/console/{resource}/{id}/{name} */
  name: string;
  /** Roles allowed (staff are always allowed). */
  roles: readonly ConsoleRole[];
  /** Every action in the console sits behind a confirmation dialog. */
  confirm: true;
}

export interface ResourceDecl {
  name: string;
  /** Name of the Sequelize model in models/index.ts (server side resolves it). */
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
  actions?: readonly ActionDecl[];
  /** The list count stops at this many; the console shows "plus de N trouvés" above it. */
  countCap?: number;
  /** Records a page may hold at most. */
  maxPage?: number;
}

export const DEFAULT_COUNT_CAP = 10_000;
export const DEFAULT_MAX_PAGE = 200;

export function defineResource<const R extends ResourceDecl>(decl: R): R {
  return decl;
}

/** The declared default of every writable field that has one: what a new record starts with. */
export function declaredDefaults(decl: ResourceDecl): Record<string, string | number | boolean> {
  return Object.fromEntries(decl.fields.filter((f) => f.writable && f.default !== undefined).map((f) => [f.source, f.default!]));
}
