// Concurrent writes of one account: every save and its search rows are one transaction that
// either answers 2xx or changes nothing (issue 9, fault "two profile saves at the same moment").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeUser } from '../helpers/fixtures.js';
import { User, boundSequelize } from '../../models/index.js';
import { tokensOf as tokensOfWords } from '../../models/search/tokens.js';
import { USER_SEARCH } from '../../models/search/specs.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function tokensOf(userId: string): Promise<string[]> {
  const rows = await boundSequelize().query<{ token: string }>('SELECT token FROM user_search_tokens WHERE user_id = ? ORDER BY token', {
    replacements: [userId],
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => r.token);
}

describe('PATCH /apis/auth/me under concurrency', () => {
  it('answers 2xx to 20 parallel saves, stores one of their names, and its search rows match it', async () => {
    const user = await makeUser({ profile: 'recruiter', name: 'Initial Name' });
    const auth = await bearer(user);
    const names = Array.from({ length: 20 }, (_, i) => `Parallel Person${String.fromCharCode(97 + i)} Saved${i}`);
    const answers = await Promise.all(names.map((name) => request(ctx.app).patch('/apis/auth/me').set(auth).send({ name })));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    answers.forEach((a, i) => expect(a.body.name).toBe(names[i]));

    const stored = await User.findByPk(user.id);
    expect(names).toContain(stored!.name);
    // Its words' tokens and its address keys (decision 300: the e-mail search), as the index's spec makes them.
    const row = stored!.get({ plain: true }) as Record<string, unknown>;
    const expected = [...new Set([...tokensOfWords(USER_SEARCH.words(row)), ...USER_SEARCH.keys!(row)])].sort();
    expect(await tokensOf(user.id)).toEqual(expected);
  });

  it('changes nothing when a save is refused', async () => {
    const user = await makeUser({ profile: 'recruiter', name: 'Kept Name' });
    const before = await tokensOf(user.id);
    const res = await request(ctx.app)
      .patch('/apis/auth/me')
      .set(await bearer(user))
      .send({ name: 'x'.repeat(5000) });
    expect(res.status).toBe(400);
    expect((await User.findByPk(user.id))!.name).toBe('Kept Name');
    expect(await tokensOf(user.id)).toEqual(before);
  });
});
