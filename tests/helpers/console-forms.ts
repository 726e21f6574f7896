// What the generated console screens submit, built from the declarations: a valid value per field,
// the create form's body (declared defaults plus the required fields) and a record to edit. Shared
// by the declaration tests (tests/api/console-declarations.test.ts) and the text cases
// (tests/helpers/text-cases.ts), so both submit what the console would.
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { declaredDefaults, writableFields, type FieldDecl, type ResourceDecl } from '../../models/resources/index.js';
import { makeApplication, makeLead, makeOffer, makeUser } from './fixtures.js';

let seq = 0;

/** A value the declaration accepts, as a user would type it in the generated form. */
export function validValue(f: FieldDecl, recruiterId: string): unknown {
  const n = ++seq;
  const long = (base: string) => base.padEnd(Math.max(f.minLength ?? 1, base.length), 'x');
  switch (f.type) {
    case 'email':
      return long(`person${n}.valid@example.test`);
    case 'url':
      // A public address written as such: no name for the test's DNS to resolve.
      return `https://93.184.216.34/hook-${n}`;
    case 'password':
      return 'secret-password-1';
    case 'reference':
      return recruiterId;
    case 'enum':
      return f.choices![0];
    case 'tags':
      return f.choices!.slice(0, 1);
    case 'questions':
      return Array.from({ length: f.minLength ?? 3 }, (_, i) => ({ question: `Question ${i + 1} ?` }));
    case 'number':
      return Math.max(f.min ?? 1, 1);
    case 'decimal':
      return Math.max(f.min ?? 0, 0) + 1.5;
    case 'boolean':
      return true;
    case 'date':
      return new Date().toISOString();
    case 'day':
      return '2027-01-15';
    case 'color':
      return '#123456';
    case 'image':
      return f.required ? 'avatar/icon_company.png' : null;
    case 'json':
      return {};
    default:
      return f.normalize ? `valid-${n}-id` : long(`Valeur ${n}`);
  }
}

/** The generated create form's body: the declared defaults plus a valid value for each required field. */
export function createBody(decl: ResourceDecl, recruiterId: string): Record<string, unknown> {
  const body: Record<string, unknown> = { ...declaredDefaults(decl) };
  for (const f of writableFields(decl, 'create')) if (body[f.source] === undefined && (f.required || f.type === 'reference')) body[f.source] = validValue(f, recruiterId);
  return body;
}

/** A record to edit: made through the console when it creates, else by the fixtures. */
export async function recordOf(app: Express, auth: { Authorization: string }, decl: ResourceDecl, recruiterId: string): Promise<string> {
  if (decl.name === 'users') return (await makeUser({ profile: 'candidate', name: 'Candidate Example' })).id;
  if (decl.name === 'landings') return String((await makeLead()).id);
  if (decl.name === 'offers' || decl.name === 'manager-offers') return String((await makeOffer(recruiterId)).id);
  if (decl.name === 'offer-applications') return String((await makeApplication(await makeUser({ profile: 'candidate' }), await makeOffer(recruiterId))).id);
  const res = await request(app).post(`/apis/console/${decl.name}`).set(auth).send(createBody(decl, recruiterId));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}
