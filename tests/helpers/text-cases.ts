// The suite's text cases (issue 10, finding 4): accented, non-Latin-1 and 4-byte (emoji) texts
// written everywhere people type text, and searched in the console lists; each must answer 2xx and
// read back unchanged. One home, run on two kinds of database: the suite's own (SQLite, and MariaDB
// as the tests create it: tests/api/text-cases.test.ts) and one created CHARACTER SET latin1
// (tests/api/latin1-database.mariadb.test.ts), where they once answered 500.
import crypto from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { bearer } from './auth.js';
import { createBody, recordOf } from './console-forms.js';
import { makeApplication, makeOffer, makeShareLink, makeUser, offerForm } from './fixtures.js';
import { Feedback, LandingInterest, Offer, ShareView } from '../../models/index.js';
import { RESOURCES, writableFields, type FieldDecl, type ResourceDecl } from '../../models/resources/index.js';

/** Latin-1 accents, other scripts (Latin Extended, CJK, Cyrillic, Arabic), and 4-byte characters
 *  (emoji, a ZWJ sequence, a flag), which only utf8mb4 holds. */
export const TEXTS = ['Łódź 東京 😀', 'Zoë Lefèvre-Æsir', 'Ñandú ß €', 'Привет мир', 'مرحبا بالعالم', '👩🏽‍💻 🇫🇷'];

/** What the console's search box is given: an accent alone, case and accents differing, CJK, emoji. */
export const SEARCHES = ['é', 'Éclair', 'élodie', '東京', '😀'];

export interface TextCaseFixtures {
  staff: { Authorization: string };
  recruiterId: string;
  jobCode: string;
}

export async function textCaseFixtures(): Promise<TextCaseFixtures> {
  const recruiter = await makeUser({ profile: 'recruiter' });
  return {
    staff: await bearer(await makeUser({ profile: 'recruiter', is_admin: true })),
    recruiterId: recruiter.id,
    jobCode: (await makeOffer(recruiter)).job_code,
  };
}

export interface TextCase {
  /** The request and the field, e.g. "POST /apis/submit-interest firstname". */
  name: string;
  /** Writes `text` (or the part of it the field can hold): the answer, what was sent, what is stored. */
  write(app: Express, fx: TextCaseFixtures, text: string): Promise<{ res: request.Response; sent: string; stored(): Promise<unknown>; done?(): Promise<unknown> }>;
}

/** Deletes a record a console case made, when staff may: a resource with a limit per company
 *  (webhook endpoints: 10) takes every text in turn. */
const removed = (app: Express, fx: TextCaseFixtures, decl: ResourceDecl, id: string) => async () =>
  decl.access.delete?.includes('admin') ? request(app).delete(`/apis/console/${decl.name}/${id}`).set(fx.staff) : undefined;

let seq = 0;

/** The start of `text` a field holds: at most its maxLength characters, counted as the console
 *  and MariaDB count them (code points), without a space the server would trim. */
const fit = (text: string, f: FieldDecl) =>
  [...text]
    .slice(0, f.maxLength ?? Infinity)
    .join('')
    .trimEnd();

/**
 * Fields the generated create form shows but whose create service drops: creating a recruiter
 * (createRecruiter) stores name, e-mail and password only. A gap of its own, left for its own fix;
 * the phone's text is covered on edit.
 */
const DROPPED_ON_CREATE = new Set(['users.phone']);

/** Every free-text field the console declares (identifiers with a normalize rule are not free text). */
const textFields = (decl: ResourceDecl, mode: 'create' | 'edit') =>
  writableFields(decl, mode).filter((f) => (f.type === 'string' || f.type === 'text') && !f.normalize && !(mode === 'create' && DROPPED_ON_CREATE.has(`${decl.name}.${f.source}`)));

const readBack = (app: Express, fx: TextCaseFixtures, decl: ResourceDecl, id: string, f: FieldDecl) => async () =>
  (await request(app).get(`/apis/console/${decl.name}/${id}`).set(fx.staff)).body[f.source] as unknown;

/** The generated console forms: each declared text field, on create and on edit. */
const consoleCases: TextCase[] = RESOURCES.flatMap((decl) => [
  ...(decl.access.create?.includes('admin') ? textFields(decl, 'create') : []).map((f): TextCase => ({
    name: `POST /apis/console/${decl.name} ${f.source}`,
    async write(app, fx, text) {
      const sent = fit(text, f);
      const res = await request(app)
        .post(`/apis/console/${decl.name}`)
        .set(fx.staff)
        .send({ ...createBody(decl, fx.recruiterId), [f.source]: sent });
      return { res, sent, stored: readBack(app, fx, decl, String(res.body.id), f), done: removed(app, fx, decl, String(res.body.id)) };
    },
  })),
  ...(decl.access.edit?.includes('admin') ? textFields(decl, 'edit') : []).map((f): TextCase => ({
    name: `PUT /apis/console/${decl.name}/{id} ${f.source}`,
    async write(app, fx, text) {
      const sent = fit(text, f);
      const id = await recordOf(app, fx.staff, decl, fx.recruiterId);
      const res = await request(app)
        .put(`/apis/console/${decl.name}/${id}`)
        .set(fx.staff)
        .send({ [f.source]: sent });
      return { res, sent, stored: readBack(app, fx, decl, id, f), done: removed(app, fx, decl, id) };
    },
  })),
]);

/** The public and account endpoints where people type text. */
const apiCases: TextCase[] = [
  ...(['firstname', 'lastname'] as const).map((field): TextCase => ({
    name: `POST /apis/submit-interest ${field}`,
    async write(app, fx, text) {
      const email = `texte.${++seq}@example.fr`;
      const res = await request(app)
        .post('/apis/submit-interest')
        .send({ job_code: fx.jobCode, email, phone_number: '+33 6 12 34 56 78', firstname: 'Léa', lastname: 'Martin', accept_cgu: true, [field]: text });
      return { res, sent: text, stored: async () => (await LandingInterest.findOne({ where: { email } }))?.[field] };
    },
  })),
  {
    name: 'PATCH /apis/auth/me name',
    async write(app, _fx, text) {
      const auth = await bearer(await makeUser());
      const res = await request(app).patch('/apis/auth/me').set(auth).send({ name: text });
      return { res, sent: text, stored: async () => (await request(app).get('/apis/auth/me').set(auth)).body.name as unknown };
    },
  },
  ...(['title', 'description'] as const).map((field): TextCase => ({
    name: `POST /apis/draft-offer ${field}`,
    async write(app, fx, text) {
      const res = await request(app)
        .post('/apis/draft-offer')
        .set(fx.staff)
        .send({ ...offerForm(), [field]: text });
      const token = String(res.body.edition_token);
      return { res, sent: text, stored: async () => (await request(app).get(`/apis/draft-offer/${token}`)).body.offer_json?.[field] as unknown };
    },
  })),
  ...(['title', 'description', 'company_name'] as const).map((field): TextCase => ({
    name: `POST /apis/draft-offer/{token} (publish) ${field}`,
    async write(app, fx, text) {
      const token = (await request(app).post('/apis/draft-offer').set(fx.staff)).body.edition_token as string;
      const res = await request(app)
        .post(`/apis/draft-offer/${token}`)
        .send({ ...offerForm(), [field]: text });
      const jobCode = String(res.body.Item?.job_code);
      return { res, sent: text, stored: async () => (await Offer.findOne({ where: { job_code: jobCode } }))?.[field] };
    },
  })),
  ...(['name', 'comment'] as const).map((field): TextCase => ({
    name: `POST /apis/share-apply (feedback) ${field}`,
    async write(app, fx, text) {
      const link = await makeShareLink(await makeApplication(await makeUser({ profile: 'candidate' }), await makeOffer(fx.recruiterId)), null);
      const view = await ShareView.create({ view_id: crypto.randomBytes(18).toString('base64url'), share_link_id: link.id, created_at: new Date() });
      const res = await request(app)
        .post('/apis/share-apply')
        .send({ share_id: link.share_id, view_id: view.view_id, name: 'Jeanne Martin', feedback: 1, comment: 'Bien', [field]: text });
      return { res, sent: text, stored: async () => (await Feedback.findOne({ where: { share_link_id: link.id } }))?.[field] };
    },
  })),
];

export const TEXT_CASES: TextCase[] = [...apiCases, ...consoleCases];

/** Writes every text through one case: each answers 2xx and reads back as sent. */
export async function expectTextCase(app: Express, fx: TextCaseFixtures, c: TextCase): Promise<void> {
  for (const text of TEXTS) {
    const { res, sent, stored, done } = await c.write(app, fx, text);
    expect(res.status, `${c.name} = ${sent}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${c.name} = ${sent}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    expect(await stored(), `${c.name} = ${sent}`).toBe(sent);
    await done?.();
  }
}

/** The console lists with a search box (a "search" filter) that staff may list. */
export const SEARCHABLE = RESOURCES.filter((r) => r.access.list?.includes('admin') && r.filters.some((f) => f.source === 'q' && f.type === 'search'));

/** Every search of SEARCHES on every searchable list answers 200, and an accented name is found
 *  whatever the case and accents typed. */
export async function expectSearches(app: Express, fx: TextCaseFixtures): Promise<void> {
  const list = (decl: ResourceDecl, q: string) =>
    request(app)
      .get(`/apis/console/${decl.name}`)
      .query({ filter: JSON.stringify({ q, ...(decl.filters.some((f) => f.source === 'show_closed') ? { show_closed: true } : {}) }), range: '[0,24]', sort: '["id","DESC"]' })
      .set(fx.staff);
  const name = `Élodie Éclair ${++seq}`;
  await makeUser({ name });
  for (const decl of SEARCHABLE) {
    for (const q of SEARCHES) {
      const res = await list(decl, q);
      expect(res.status, `${decl.name} q=${q}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  }
  const users = RESOURCES.find((r) => r.name === 'users')!;
  expect((await list(users, 'éclair')).body.map((u: { name: string }) => u.name)).toContain(name);
  expect((await list(users, 'ELODIE')).body.map((u: { name: string }) => u.name)).toContain(name);
}
