// One answer for the manager area (issue 25, decision 340): the API's requireManager and the
// console's manager auth provider ask the same rule (models/rules/roles.ts managerAreaAnswer). For
// each kind of account, what the console decides from /apis/auth/me is what the API does: 'manager'
// enters (200), 'subscribe' reads the subscribers' text, 'none' reads "manager access not allowed".
// Staff enter only when they count as managers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeUser } from '../helpers/fixtures.js';
import { managerAreaAnswer } from '../../models/rules/roles.js';
import fr from '../../config/i18n/fr.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const ACCOUNTS = {
  'a manager (profile)': { profile: 'manager', expected: 'manager' },
  'a recruiter with a paid plan': { profile: 'recruiter', user_plan: 'aplan', expected: 'manager' },
  'a recruiter': { profile: 'recruiter', expected: 'subscribe' },
  'a candidate': { profile: 'candidate', expected: 'none' },
  'staff with a recruiter profile': { profile: 'recruiter', is_admin: true, expected: 'none' },
  'staff with a candidate profile': { profile: 'candidate', is_admin: true, expected: 'none' },
  'staff who count as managers (paid plan)': { profile: 'recruiter', user_plan: 'bplan', is_admin: true, expected: 'manager' },
} as const;

describe('the manager area: the API and the console give one answer', () => {
  for (const [who, { expected, ...fields }] of Object.entries(ACCOUNTS)) {
    it(`${who}: ${expected}`, async () => {
      const auth = await bearer(await makeUser(fields as Parameters<typeof makeUser>[0]));
      const me = await request(ctx.app).get('/apis/auth/me').set(auth);
      expect(me.status).toBe(200);
      // What the console's managerAuthProvider decides from /apis/auth/me.
      const consoleAnswer = managerAreaAnswer(me.body);
      expect(consoleAnswer).toBe(expected);
      // What the API answers on the manager area's calls.
      for (const path of ['/apis/shops', '/apis/manager', '/apis/user-templates?filter-type=offer']) {
        const res = await request(ctx.app).get(path).set(auth);
        if (consoleAnswer === 'manager') expect(res.status, path).toBe(200);
        else {
          expect(res.status, path).toBe(403);
          expect(res.body.error).toBe('manager_access_not_allowed');
          expect(res.body.message).toBe(consoleAnswer === 'subscribe' ? fr.control_tower_subscribers_only : fr.manager_access_not_allowed);
        }
      }
    });
  }
});
