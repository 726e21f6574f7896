// The manager area's REST calls (back-office.md section 7): GET /apis/manager, /apis/user-templates,
// /apis/shops and /apis/subscription. Managers (and staff) only, each scoped to the caller's company;
// the fields are checked by the console declarations of templates and shops, written by the same services.
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { requireManager, requireUser } from '../auth/guards.js';
import { managerHome, managerMe, managerUser } from '../services/accounts/manager.service.js';
import { createTemplate, getTemplate, listTemplates, updateTemplate } from '../services/offers/templates.service.js';
import { createShop, getShop, listShops, updateShop } from '../services/offers/shops.service.js';
import { getSubscription, listSubscriptions } from '../services/billing/subscription-reads.service.js';
import { idParamsSchema, managerQuerySchema, templatesQuerySchema, type IdParams, type ManagerQuery } from '../services/accounts/manager.schema.js';
import { shopCreateSchema, shopUpdateSchema, templateCreateSchema, templateUpdateSchema } from '../services/offers/manager-bodies.js';

/** A company record is the caller's: its owner column is set to the caller, whatever the body said. */
const ownedByCaller =
  (column: string): RequestHandler =>
  (req, _res, next) => {
    const body: unknown = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) (body as Record<string, unknown>)[column] = req.caller!.user.id;
    next();
  };

export function managerRoutes(deps: AppDeps): Router {
  const router = Router();
  router.use(['/manager', '/user-templates', '/shops', '/subscription'], (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });

  router.get('/manager', requireUser, validate({ query: managerQuerySchema }), async (req, res, next) => {
    const q = req.query as unknown as ManagerQuery;
    const user = q.user;
    // ?user=me tells any signed-in account whether it is a manager (the console's guard).
    if (user === 'me') return void res.json(await managerMe(req.caller!.user));
    requireManager(req, res, async (err?: unknown) => {
      if (err) return next(err);
      try {
        res.json(user ? await managerUser(req.caller!.user, user) : await managerHome(req.caller!.user, deps.media!, deps.clock(), { limit: q.to_recruit_limit, after: q.to_recruit_after }));
      } catch (e) {
        next(e);
      }
    });
  });

  router.get('/user-templates', requireManager, validate({ query: templatesQuerySchema }), async (req, res) => {
    res.json(await listTemplates(req.caller!.user, String((req.query as Record<string, string>)['filter-type'])));
  });
  router.get('/user-templates/:id', requireManager, validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await getTemplate(req.caller!.user, (req.params as unknown as IdParams).id));
  });
  router.post(
    '/user-templates',
    requireManager,
    ownedByCaller('owner_id'),
    validate(() => ({ body: templateCreateSchema() })),
    async (req, res) => {
      res.status(201).json(await createTemplate(req.caller!.user, req.body, deps.clock()));
    },
  );
  router.post(
    '/user-templates/:id',
    requireManager,
    validate(() => ({ params: idParamsSchema, body: templateUpdateSchema() })),
    async (req, res) => {
      res.json(await updateTemplate(req.caller!.user, (req.params as unknown as IdParams).id, req.body, deps.clock()));
    },
  );

  router.get('/shops', requireManager, async (req, res) => {
    res.json(await listShops(req.caller!.user));
  });
  router.get('/shops/:id', requireManager, validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await getShop(req.caller!.user, (req.params as unknown as IdParams).id));
  });
  router.post(
    '/shops',
    requireManager,
    ownedByCaller('manager_id'),
    validate(() => ({ body: shopCreateSchema() })),
    async (req, res) => {
      const id = await createShop(req.caller!.user, req.body, deps.clock());
      res.status(201).json(await getShop(req.caller!.user, String(id)));
    },
  );
  router.post(
    '/shops/:id',
    requireManager,
    validate(() => ({ params: idParamsSchema, body: shopUpdateSchema() })),
    async (req, res) => {
      const { id } = req.params as unknown as IdParams;
      await updateShop(req.caller!.user, id, req.body, deps.clock());
      res.json(await getShop(req.caller!.user, id));
    },
  );

  router.get('/subscription', requireManager, async (req, res) => {
    res.json(await listSubscriptions(req.caller!.user, deps.clock()));
  });
  router.get('/subscription/:id', requireManager, validate({ params: idParamsSchema }), async (req, res) => {
    res.json(await getSubscription(req.caller!.user, (req.params as unknown as IdParams).id, deps.clock()));
  });

  return router;
}
