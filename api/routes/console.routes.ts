// The staff console API: every declared resource under /apis/console/{resource} in the
// ra-data-simple-rest conventions, its custom actions, and the documented staff endpoints of
// back-office.md section 7 (DELETE /apis/delete-user, GET /apis/job-interest, GET /apis/offer),
// which call the same services.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { resourceByName, type Operation, type ResourceDecl } from '../../models/resources/index.js';
import { actionBodySchema } from '../../models/resources/validation.js';
import { AppError, forbidden } from '../lib/errors.js';
import { validate } from '../lib/validate.js';
import { t } from '../../config/i18n/index.js';
import { authorize, authorizeAction, type ConsoleCtx, type Scope, type ServerPart } from '../console/engine.js';
import { listQuerySchema, type ListQuery } from '../console/query.js';
import { getRecord, listRecords } from '../console/read.js';
import { checkDeclarations, serverPartOf } from '../console/registry.js';
import { bodySchema, modelOf } from '../console/validation.js';
import { requireAdmin } from '../auth/guards.js';
import { consoleCtxOf } from './console-context.js';
import * as staff from '../services/accounts/staff-users.service.js';
import { deleteUserQuerySchema, type DeleteUserQuery } from '../services/accounts/staff-users.schema.js';
import { createRecord, deleteRecord, updateRecord, type RecordWrite } from '../services/platform/console-records.service.js';
import { uploadStoreFor } from '../integrations/upload-store.js';

type Params = { resource: string; id?: string; action?: string };

/** What the access step found: the resource, its server part and the rows the caller reaches. */
interface Access {
  decl: ResourceDecl;
  server: ServerPart;
  scope: Scope;
}
const accessOf = (res: Response): Access => res.locals.console as Access;

export function consoleRoutes(deps: AppDeps): Router {
  checkDeclarations();
  const router = Router();
  const ctxOf = (req: Request): ConsoleCtx => consoleCtxOf(deps, req);
  const writer = (ctx: ConsoleCtx, { decl, server, scope }: Access): RecordWrite => ({
    decl,
    model: modelOf(decl),
    actorId: ctx.caller.user.id,
    now: ctx.clock(),
    scope,
    afterChange: server.afterChange,
    beforeUpdate: server.beforeUpdate,
  });

  /**
   * The access step, before any input is checked (unknown resource 404, anonymous 401, a role not
   * allowed 403): the operation's or the action's roles, and for a record, that the caller reads it
   * (an edit or an action on a row the caller may not read answers like that read, 404).
   */
  const access =
    (op: Operation | 'action', { record = false, resource }: { record?: boolean; resource?: string } = {}): RequestHandler<Params> =>
    async (req, res, next) => {
      const decl = resourceByName(resource ?? req.params.resource);
      if (!decl) throw new AppError(404, 'route_not_found', 'route_not_found');
      const scope = op === 'action' ? await authorizeAction(decl, req.params.action!, req.caller) : await authorize(decl, op, req.caller);
      const server = serverPartOf(decl.name);
      if (record) await getRecord(ctxOf(req), decl, server, req.params.id!, scope);
      res.locals.console = { decl, server, scope } satisfies Access;
      next();
    };

  /** A non-staff caller creates only inside their own rows: the owner column is theirs unless it names a row they reach. */
  const ownRows: RequestHandler = (req, res, next) => {
    const { scope } = accessOf(res);
    const raw: unknown = req.body;
    if (scope && raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const body = raw as Record<string, unknown>;
      const owner = body[scope.column];
      if (owner === undefined || owner === null || owner === '') body[scope.column] = req.caller!.user.id;
      else if (!scope.ids.includes(String(owner))) throw forbidden();
    }
    next();
  };

  // The inputs, each by the resource's declaration (models/resources/validation.ts, api/console/validation.ts).
  const listQuery = (defaultRange?: [number, number]) => validate((_req, res) => ({ query: listQuerySchema(accessOf(res).decl, defaultRange) }));
  const body = (mode: 'create' | 'edit') => validate((_req, res) => ({ body: bodySchema(accessOf(res).decl, mode) }));
  // An action's body schema is loaded on its first use (ActionDecl.body), then checked as any other.
  const actionBody: RequestHandler = async (req, res, next) => {
    const schema = await actionBodySchema(accessOf(res).decl.actions!.find((a) => a.name === req.params.action)!);
    validate({ body: schema })(req, res, next);
  };

  router.get('/console/:resource', access('list'), listQuery(), async (req: Request<Params>, res: Response) => {
    const { decl, server, scope } = accessOf(res);
    const q = req.query as unknown as ListQuery;
    const { data, total } = await listRecords(ctxOf(req), decl, server, q, scope);
    const end = data.length ? q.range[0] + data.length - 1 : q.range[0];
    res.set('Content-Range', `${decl.name} ${q.range[0]}-${end}/${total}`);
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    res.json(data);
  });

  router.get('/console/:resource/:id', access('read'), async (req: Request<Params>, res: Response) => {
    const { decl, server, scope } = accessOf(res);
    res.json(await getRecord(ctxOf(req), decl, server, req.params.id!, scope));
  });

  router.post('/console/:resource', access('create'), ownRows, body('create'), async (req: Request<Params>, res: Response) => {
    const a = accessOf(res);
    const ctx = ctxOf(req);
    const data = req.body as Record<string, unknown>;
    const made = a.server.create ? await a.server.create(ctx, data) : await createRecord(writer(ctx, a), data);
    const { id, shownOnce } = typeof made === 'object' ? made : { id: made, shownOnce: {} };
    res.status(201).json({ ...(await getRecord(ctx, a.decl, a.server, String(id), a.scope)), ...shownOnce });
  });

  router.put('/console/:resource/:id', access('edit', { record: true }), body('edit'), async (req: Request<Params>, res: Response) => {
    const a = accessOf(res);
    const ctx = ctxOf(req);
    const id = req.params.id!;
    const data = req.body as Record<string, unknown>;
    if (a.server.update) await a.server.update(ctx, id, data, a.scope);
    else await updateRecord(writer(ctx, a), id, data);
    res.json(await getRecord(ctx, a.decl, a.server, id, a.scope));
  });

  router.delete('/console/:resource/:id', access('delete'), async (req: Request<Params>, res: Response) => {
    const a = accessOf(res);
    const ctx = ctxOf(req);
    const id = req.params.id!;
    const before = await getRecord(ctx, a.decl, a.server, id, a.scope);
    if (a.server.remove) await a.server.remove(ctx, id, a.scope);
    else await deleteRecord(writer(ctx, a), id);
    res.json(before);
  });

  router.post('/console/:resource/:id/:action', access('action', { record: true }), actionBody, async (req: Request<Params>, res: Response) => {
    const { server } = accessOf(res);
    // The body is the output of the action's declared schema (ActionDecl.body), which its handler takes.
    const run = server.actions![req.params.action!] as (ctx: ConsoleCtx, id: string, body: unknown) => Promise<unknown>;
    res.json(await run(ctxOf(req), req.params.id!, req.body));
  });

  // ---- documented staff endpoints (back-office.md section 7)
  router.delete('/delete-user', requireAdmin, validate({ query: deleteUserQuerySchema }), async (req, res) => {
    const { user } = req.query as unknown as DeleteUserQuery;
    const result = await staff.deleteUser({ id: req.caller!.user.id }, user, deps.clock(), { storage: deps.storage, uploads: uploadStoreFor(deps.settings) });
    res.json({ success: true, message: t(req.lang, result.message) });
  });

  const items = (resource: 'landings' | 'offers') => [
    access('list', { resource }),
    // The original calls read offers of country FR; the console's own list filters freely.
    listQuery([0, 199]),
    async (req: Request, res: Response) => {
      const { decl, server, scope } = accessOf(res);
      const { data, total } = await listRecords(ctxOf(req), decl, server, req.query as unknown as ListQuery, scope);
      res.json({ Items: data, Count: data.length, Total: total });
    },
  ];
  router.get('/job-interest', ...items('landings'));
  router.get('/offer', ...items('offers'));

  return router;
}
