// The staff console API: every declared resource under /apis/console/{resource} in the
// ra-data-simple-rest conventions, its custom actions, and the documented staff endpoints of
// back-office.md section 7 (DELETE /apis/delete-user, GET /apis/job-interest, GET /apis/offer),
// which call the same services.
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../app.js';
import { boundSequelize } from '../../models/index.js';
import { resourceByName } from '../../admin/resources/index.js';
import { AppError, forbidden, invalid } from '../lib/errors.js';
import { t } from '../../config/i18n/index.js';
import { actionAllowed, authorize, rolesOf, type ConsoleCtx } from '../console/engine.js';
import { parseListQuery } from '../console/query.js';
import { SERVER_RESOURCES } from '../console/resources.js';
import { requireAdmin } from '../auth/guards.js';
import * as staff from '../services/staff-users.service.js';

type Params = { resource: string; id?: string; action?: string };

export function consoleRoutes(deps: AppDeps): Router {
  const router = Router();
  const ctxOf = (req: Request): ConsoleCtx => {
    const sequelize = boundSequelize();
    return { caller: req.caller!, clock: deps.clock, sequelize, dialect: sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql', publicUrl: deps.settings.publicUrl, storage: deps.storage };
  };
  const lookup = (req: Request<Params>) => {
    const decl = resourceByName(req.params.resource);
    const server = SERVER_RESOURCES[req.params.resource];
    if (!decl || !server) throw new AppError(404, 'route_not_found', 'route_not_found');
    return { decl, server };
  };
  const notAllowed = () => new AppError(405, 'operation_not_supported', 'forbidden');

  router.get('/console/:resource', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'list', req.caller);
    const q = parseListQuery(decl, req.query as Record<string, unknown>);
    const { data, total } = await server.list(ctxOf(req), q, scope);
    const end = data.length ? q.range[0] + data.length - 1 : q.range[0];
    res.set('Content-Range', `${decl.name} ${q.range[0]}-${end}/${total}`);
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    res.json(data);
  });

  router.get('/console/:resource/:id', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'read', req.caller);
    res.json(await server.get(ctxOf(req), req.params.id!, scope));
  });

  router.post('/console/:resource', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    await authorize(decl, 'create', req.caller);
    if (!server.create) throw notAllowed();
    res.status(201).json(await server.create(ctxOf(req), body(req)));
  });

  router.put('/console/:resource/:id', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'edit', req.caller);
    if (!server.update) throw notAllowed();
    const ctx = ctxOf(req);
    await server.get(ctx, req.params.id!, scope);
    res.json(await server.update(ctx, req.params.id!, body(req), scope));
  });

  router.delete('/console/:resource/:id', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    const scope = await authorize(decl, 'delete', req.caller);
    if (!server.remove) throw notAllowed();
    const ctx = ctxOf(req);
    await server.get(ctx, req.params.id!, scope);
    res.json(await server.remove(ctx, req.params.id!, scope));
  });

  router.post('/console/:resource/:id/:action', async (req: Request<Params>, res: Response) => {
    const { decl, server } = lookup(req);
    if (!req.caller) await authorize(decl, 'read', req.caller);
    const handler = server.actions?.[req.params.action!];
    if (!handler || !decl.actions?.some((a) => a.name === req.params.action)) throw new AppError(404, 'route_not_found', 'route_not_found');
    if (!actionAllowed(decl, req.params.action!, await rolesOf(req.caller!.user))) throw forbidden();
    res.json(await handler(ctxOf(req), req.params.id!, body(req)));
  });

  // ---- documented staff endpoints (back-office.md section 7)
  router.delete('/delete-user', requireAdmin, async (req, res) => {
    const id = typeof req.query.user === 'string' ? req.query.user : '';
    if (!id) throw invalid('missing_parameters', 'missing_parameters', { field: 'user' });
    const result = await staff.deleteUser({ id: req.caller!.user.id }, id, deps.clock());
    res.json({ success: true, message: t(req.lang, result.message) });
  });

  const itemsOf = (resource: 'landings' | 'offers') => async (req: Request, res: Response) => {
    const decl = resourceByName(resource)!;
    const scope = await authorize(decl, 'list', req.caller);
    const q = parseListQuery(decl, { ...(req.query as Record<string, unknown>), range: req.query.range ?? '[0,199]' });
    // The original calls read offers of country FR; the console's own list filters freely.
    const { data, total } = await SERVER_RESOURCES[resource].list(ctxOf(req), q, scope);
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
