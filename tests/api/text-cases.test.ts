// The suite's text cases (tests/helpers/text-cases.ts) on the suite's databases: SQLite, and MariaDB
// as the tests create it. The same cases run on a latin1 database in latin1-database.mariadb.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { TEXT_CASES, expectSearches, expectTextCase, textCaseFixtures, type TextCaseFixtures } from '../helpers/text-cases.js';

let ctx: TestContext;
let fx: TextCaseFixtures;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = await textCaseFixtures();
});
afterAll(async () => ctx?.close());

describe('accented, non-Latin-1 and emoji text', () => {
  it.each(TEXT_CASES.map((c) => [c.name, c] as const))('%s: answers 2xx and reads back unchanged', async (_name, c) => {
    await expectTextCase(ctx.app, fx, c);
  });

  it('searches the console lists with "é", other scripts and emoji (200), finding accented names', async () => {
    await expectSearches(ctx.app, fx);
  });

  it('answered no 5xx', () => {
    expect(ctx.answers.serverErrors).toEqual([]);
  });
});
