// Hostile values for the generated bad-input run (tests/api/bad-input-fuzz.test.ts), and the fields
// a route's zod schema names, read from the schema itself (zod/mini's definitions), so that a
// new field or a new route is fuzzed without anyone writing a case.

/** Path segments and query values, as they go on the request line (already percent-encoded). */
export const HOSTILE_URL_VALUES = [
  '%00',
  '%01',
  '%ZZ',
  '%ED%A0%80', // a lone surrogate in UTF-8 form: not valid UTF-8
  '-1',
  '99999999999999999999999',
  '1e999',
  'null',
  'x'.repeat(3000),
];

/** The few values tried on each query key one by one (the full list goes to the generic keys together). */
export const HOSTILE_QUERY_VALUES = ['%00', '%ZZ', '-1', '99999999999999999999999', '2024-13-45T99%3A99', 'x'.repeat(8000)];

/** Values of a console list filter's fields (JSON in ?filter=). */
export const HOSTILE_FILTER_VALUES: unknown[] = ['Lé\u0000a', 1e308, { a: 1 }, ['\u0000', 'x'], '2024-13-45', 'x'.repeat(3000)];

/** Query shapes beyond a plain value: arrays, objects, JSON holding a NUL or wrong types. */
export const hostileQueryShapes = (key: string): string[] => [
  `${key}[]=a&${key}[]=b`,
  `${key}[a]=1`,
  `${key}=${encodeURIComponent('{"q":"\\u0000"}')}`,
  `${key}=${encodeURIComponent('{"id":[1e999,-1,null]}')}`,
];

/** Body values: null, wrong types, huge and negative numbers, invalid dates, NUL, lone surrogates, 70 KB. */
export const HOSTILE_BODY_VALUES: unknown[] = [null, 'Lé\u0000a', '\ud800', 'x'.repeat(70 * 1024), 12345, -1, 1e308, true, { '\u0000': 1, id: { $gt: '' } }, ['\u0000', null], '2024-13-45T99:99:99Z'];

/** The values tried on the generic field names of a route that declares no schema. */
export const GENERIC_BODY_VALUES: unknown[] = [null, 'Lé\u0000a', '\ud800', 'x'.repeat(70 * 1024), 12345, ['\u0000', { '\u0000': 1 }]];

/** The body values an anonymous caller sends where it is allowed (the schema is the same as staff's). */
export const ANONYMOUS_BODY_VALUES: unknown[] = [null, 'Lé\u0000a', '\ud800', 12345];

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Values of a protocol header (tus's): negative, huge, not a number, empty, long; metadata with NUL and broken base64. */
export function hostileHeaderValues(name: string): string[] {
  const common = ['-1', '99999999999999999999999', '1e999', 'abc', '', 'x'.repeat(4000)];
  if (name.toLowerCase() !== 'upload-metadata') return common;
  return [
    ...common,
    `application_id ${b64('\u0000')},qid ${b64('q1')}`,
    `application_id ${b64('1')},qid ${b64('q\u0000')}`,
    `application_id ${b64('99999999999999999999999')},qid ${b64('q1')}`,
    `application_id ${b64('-1')},qid ${b64('x'.repeat(3000))}`,
    'application_id !!!notbase64,qid',
    `application_id,application_id ${b64('1')}`,
  ];
}

/** Headers of tus extensions, sent to the tus routes whatever the server says it offers. */
export const TUS_EXTENSION_HEADERS: Record<string, string[]> = {
  'Upload-Concat': ['partial', 'final;/apis/candidate/uploads/a /apis/candidate/uploads/b', 'final;'],
  'Upload-Defer-Length': ['1', '0'],
  'Upload-Checksum': ['sha1 AAAA', 'md5'],
};

/** Whole bodies that are not an object. */
export const HOSTILE_RAW_BODIES = ['null', '[]', '"texte"', '123', '[{"a":1}]', '{"a":{"b":{"c":{"d":{"e":[[[[[]]]]]}}}}}'];

/** Field names tried on a route that declares no schema (the generic set). */
export const GENERIC_FIELDS = ['id', 'name', 'email', 'user', 'count', 'actions', 'add', 'remove'];
/** Query keys tried on every route besides its schema's. */
export const GENERIC_QUERY = ['q', 'filter', 'sort', 'range', 'user', 'job_code', 'limit', 'after', 'tab', 'lang', 'id', 'fullStates'];

interface Def {
  type: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  options?: Array<{ _zod: { def: Def } }>;
  discriminator?: string;
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  out?: { _zod: { def: Def } };
  values?: unknown[];
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** An object schema under wrappers (optional, default, pipe...), or undefined. */
function objectDef(schema: unknown): Def | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  if (def.type === 'object') return def;
  if (def.innerType) return objectDef(def.innerType);
  if (def.type === 'pipe') return objectDef(def.out) ?? objectDef(def.in);
  return undefined;
}

/**
 * The shapes a body schema accepts: one per variant of a discriminated union (with its
 * discriminator's value set, so each variant is reached), else one. Each lists its field paths
 * (nested objects as 'location.city').
 */
export function variantsOf(schema: unknown): Array<{ fixed: Record<string, unknown>; fields: string[] }> {
  const def = defOf(schema);
  if (def?.type === 'union' && def.discriminator && def.options) {
    const key = def.discriminator;
    return def.options.map((o) => {
      const literal = defOf(objectDef(o)?.shape?.[key]);
      return { fixed: { [key]: literal?.values?.[0] }, fields: fieldsOf(o).filter((f) => f !== key) };
    });
  }
  return [{ fixed: {}, fields: fieldsOf(schema) }];
}

/** Field paths of an object schema (one level of nesting). */
export function fieldsOf(schema: unknown, prefix = '', depth = 0): string[] {
  const obj = objectDef(schema);
  if (!obj?.shape) return [];
  return Object.entries(obj.shape).flatMap(([name, child]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const nested = depth < 1 ? fieldsOf(child, path, depth + 1) : [];
    return [path, ...nested];
  });
}

/** A copy of a body with one field path set to a value. */
export function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const [head, ...rest] = path.split('.');
  if (!rest.length) out[head] = value;
  else {
    const inner = out[head];
    out[head] = withField(inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, rest.join('.'), value);
  }
  return out;
}
