// Staff: create a recruiter (back-office.md sections 2 and 5).
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { requireAdmin } from '../auth/guards.js';
import { createRecruiter } from '../services/accounts/recruiters.service.js';
import { publicUser } from '../services/identity/auth.service.js';
import { validate } from '../lib/validate.js';
import { newRecruiterSchema, type NewRecruiter } from '../services/accounts/recruiters.schema.js';

export function adminRecruiterRoutes(_deps: AppDeps): Router {
  const router = Router();
  // The spec's answer is only { error, message }: no field in details.
  router.post('/admin/recruiters', requireAdmin, validate({ body: newRecruiterSchema }, { withField: false }), async (req, res) => {
    const user = await createRecruiter(req.body as NewRecruiter, req.caller!.user);
    res.status(201).json({ user: await publicUser(user) });
  });
  return router;
}
