// Drafts for the wizard's browser tests, made through the API as the manager area starts one.
import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** A new draft of the demo recruiter, through the API as the manager area starts one. */
export async function newDraft(): Promise<string> {
  const login = await fetch(`${baseUrl()}/apis/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ email: 'recruiter@demo.test', password: 'demo1234', client: 'app' }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/apis/draft-offer`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { edition_token: string }).edition_token;
}
