// The staff console API: every declared resource under /apis/console/{resource} in the
// ra-data-simple-rest conventions, its custom actions, and the documented staff endpoints of
// back-office.md section 7 (DELETE /apis/delete-user, GET /apis/job-interest, GET /apis/offer),
// which call the same services.
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { boundSequelize } from '../../models/index.js';
import { resourceByName, type ResourceDecl } from '../../models/resources/index.js';
import { AppError, forbidden, invalid } from '../lib/errors.js';
import { t } from '../../config/i18n/index.js';
import { authorize, authorizeAction, type ConsoleCtx, type Scope } from '../console/engine.js';
import { parseListQuery } from '../console/query.js';
import { getRecord, listRecords } from '../console/read.js';
import { checkDeclarations, serverPartOf } from '../console/registry.js';
import { bodySchema, modelOf, parseOrThrow } from '../console/validation.js';
import { requireAdmin } from '../auth/guards.js';
import * as staff from '../services/staff-users.service.js';
import { createRecord, deleteRecord, updateRecord, type RecordWrite } from '../services/console-records.service.js';

type Params = { resource: string; id?: string; action?: string };

export function consoleRoutes(deps: AppDeps): Router {
  checkDeclarations();
  const router = Router();
  const ctxOf = (req: Request): ConsoleCtx => {
    const sequelize = boundSequelize();
    return {
      caller: req.caller!,
      clock: deps.clock,
      sequelize,
      dialect: sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql',
      publicUrl: deps.settings.publicUrl,
      storage: deps.storage,
      uploadDir: deps.settings.video.uploadDir,
      media: deps.media!,
    };
  };
  const lookup = (req: Request<Params>) => {
    const decl = resourceByName(req.params.resource);
    if (!decl) throw new AppError(404, 'route_not_found', 'route_not_found');
    return { decl, server: serverPartOf(decl.name) };
  };
  const writer = (ctx: ConsoleCtx, decl: ResourceDecl, scope: Scope): RecordWrite => {
    const server = serverPartOf(decl.name);
    return { decl, model: modelOf(decl), actorId: ctx.caller.user.id, now: ctx.clock(), scope, afterChange: server.afterChange, beforeUpdate: server.beforeUpdate };
  };
  /** A body checked by the declaration; a non-staff caller creates only inside their own rows. */
  const bodyOf = (req: Request, decl: ResourceDecl, mode: 'create' | 'edit', scope: Scope) => {
    const raw = body(req);
    if (scope && mode === 'create') {
      const owner = raw[scope.column];
      if (owner === undefined || owner === null || owner === '') raw[scope.column] = req.caller!.user.id;
      else if (!scope.ids.includes(String(owner))) throw forbidden();
    }
    return parseOrThrow(bodySchema(decl, mode), raw);
  };

  router.get('/console/:resource', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'list', req.caller);
    const q = parseListQuery(decl, req.query as Record<string, unknown>);
    const { data, total } = await listRecords(ctxOf(req), decl, server, q, scope);
    const end = data.length ? q.range[0] + data.length - 1 : q.range[0];
    res.set('Content-Range', `${decl.name} ${q.range[0]}-${end}/${total}`);
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    res.json(data);
  });

  router.get('/console/:resource/:id', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'read', req.caller);
    res.json(await getRecord(ctxOf(req), decl, server, req.params.id!, scope));
  });

  router.post('/console/:resource', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'create', req.caller);
    const ctx = ctxOf(req);
    const data = bodyOf(req, decl, 'create', scope);
    const id = server.create ? await server.create(ctx, data) : await createRecord(writer(ctx, decl, scope), data);
    res.status(201).json(await getRecord(ctx, decl, server, String(id), scope));
  });

  router.put('/console/:resource/:id', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'edit', req.caller);
    const ctx = ctxOf(req);
    const id = req.params.id!;
    await getRecord(ctx, decl, server, id, scope);
    const data = bodyOf(req, decl, 'edit', scope);
    if (server.update) await server.update(ctx, id, data, scope);
    else await updateRecord(writer(ctx, decl, scope), id, data);
    res.json(await getRecord(ctx, decl, server, id, scope));
  });

  router.delete('/console/:resource/:id', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'delete', req.caller);
    const ctx = ctxOf(req);
    const id = req.params.id!;
    const before = await getRecord(ctx, decl, server, id, scope);
    if (server.remove) await server.remove(ctx, id, scope);
    else await deleteRecord(writer(ctx, decl, scope), id);
    res.json(before);
  });

  router.post('/console/:resource/:id/:action', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorizeAction(decl, req.params.action!, req.caller);
    const ctx = ctxOf(req);
    // An action on a row the caller may not read answers like that read (404).
    await getRecord(ctx, decl, server, req.params.id!, scope);
    res.json(await server.actions![req.params.action!](ctx, req.params.id!, body(req)));
  });

  // ---- documented staff endpoints (back-office.md section 7)
  router.delete('/delete-user', requireAdmin, async (req, res) => {
    const id = typeof req.query.user === 'string' ? req.query.user : '';
    if (!id) throw invalid('missing_parameters', 'missing_parameters', { field: 'user' });
    const result = await staff.deleteUser({ id: req.caller!.user.id }, id, deps.clock(), { storage: deps.storage, uploadDir: deps.settings.video.uploadDir });
    res.json({ success: true, message: t(req.lang, result.message) });
  });

  const itemsOf = (resource: 'landings' | 'offers') => async (req: Request, res: Response) => {
    const decl = resourceByName(resource)!;
    const scope = await authorize(decl, 'list', req.caller);
    const q = parseListQuery(decl, { ...(req.query as Record<string, unknown>), range: req.query.range ?? '[0,199]' });
    // The original calls read offers of country FR; the console's own list filters freely.
    const { data, total } = await listRecords(ctxOf(req), decl, serverPartOf(resource), q, scope);
    res.json({ Items: data, Count: data.length, Total: total });
  };
  router.get('/job-interest', itemsOf('landings'));
  router.get('/offer', itemsOf('offers'));

  return router;
}

function body(req: Request): Record<string, unknown> {
  const b: unknown = req.body;
  if (b === undefined) return {};
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw invalid('invalid_body', 'validation_error');
  return b as Record<string, unknown>;
}
