// Staff: create a recruiter (back-office.md sections 2 and 5).
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { requireAdmin } from '../auth/guards.js';
import { createRecruiter } from '../services/recruiters.service.js';
import { publicUser } from '../services/auth.service.js';

export function adminRecruiterRoutes(_deps: AppDeps): Router {
  const router = Router();
  router.post('/admin/recruiters', requireAdmin, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = await createRecruiter(
      { name: typeof body.name === 'string' ? body.name : '', email: typeof body.email === 'string' ? body.email : '', password: typeof body.password === 'string' ? body.password : '' },
      req.caller!.user,
    );
    res.status(201).json({ user: await publicUser(user) });
  });
  return router;
}
