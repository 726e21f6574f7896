// The one validation path of the API: a zod schema per endpoint (api/services/<name>.schema.ts,
// full zod or zod/mini), applied by validate() before the handler. The first issue decides the
// answer: 400 with its message as the stable code (a key of config/i18n, translated by the
// error handler) and the field in details. Schemas write their messages as codes; `coded()`
// names a code whose text is another message key.
import type { Request, RequestHandler, Response } from 'express';
import * as z from 'zod/mini';
import { invalid, type AppError } from './errors.js';
import { isMessageKey } from '../../config/i18n/index.js';
import { coded } from '../../models/rules/text.js';

type Schema = z.core.$ZodType;

// coded('invalid_recruiter', 'recruiter_invalid') in models/rules/text.ts writes 'code|messageKey'.
const SEPARATOR = '|';
export { coded };

/** The AppError of a failed parse: the first issue's code and message, its field and params. */
export function issueError(issues: readonly z.core.$ZodIssue[], { withField = true }: ParseOptions = {}): AppError {
  const issue = issues[0];
  // 'location.street', 'questions' (not 'questions.2': the field, not the item).
  const field = (issue?.path ?? []).filter((p) => typeof p === 'string').join('.');
  const [code, key] = (issue?.message ?? '').split(SEPARATOR);
  const known = key !== undefined || isMessageKey(code);
  const params = issue && 'params' in issue && issue.params && typeof issue.params === 'object' ? (issue.params as Record<string, unknown>) : {};
  if (!known) return invalid('validation_error', 'validation_error', { field, issue: issue?.message });
  // An issue of the whole input (a body that is no object) names no field.
  const details = withField && field ? { field, ...params } : params;
  return invalid(code, key ?? code, Object.keys(details).length ? details : undefined);
}

export interface ParseOptions {
  /** Name the failing field in details (default true; false where the spec's answer is only { error, message }). */
  withField?: boolean;
}

/** Parses a value with a schema; throws the AppError of its first issue. */
export function parseInput<S extends Schema>(schema: S, value: unknown, options?: ParseOptions): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw issueError(result.error.issues, options);
}

export interface Schemas {
  body?: Schema;
  query?: Schema;
  params?: Schema;
}

/** The schemas of a route whose input depends on the request (a console resource's declaration). */
export type SchemasOf = (req: Request, res: Response) => Schemas;

/**
 * The middleware that checks a request's params, query and body (in that order) and puts the
 * parsed values back on the request (typed by the schema in the handler with `req.body as ...`).
 * The schemas are fixed, or chosen per request (the console: the resource's declaration, after
 * the caller's access is known).
 */
export function validate(schemas: Schemas | SchemasOf, options?: ParseOptions): RequestHandler & { schemas?: Schemas } {
  const middleware: RequestHandler = (req, res, next) => {
    const s = typeof schemas === 'function' ? schemas(req, res) : schemas;
    if (s.params) req.params = parseInput(s.params, req.params, options) as typeof req.params;
    // Express 5's req.query is a getter: the parsed value replaces it on this request.
    if (s.query) {
      Object.defineProperty(req, 'query', { value: parseInput(s.query, req.query, options), writable: true, configurable: true });
    }
    if (s.body) req.body = parseInput(s.body, req.body ?? {}, options);
    next();
  };
  // The route table shows what each route takes: tests/api/bad-input.test.ts fuzzes every field.
  return typeof schemas === 'function' ? middleware : Object.assign(middleware, { schemas });
}
