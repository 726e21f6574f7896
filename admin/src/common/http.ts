// JSON calls to the REST API (/apis/...) with the session cookie, for the hand-written screens that
// call section 7's endpoints rather than a console resource. Errors carry the server's status and
// body (react-admin's HttpError), so a screen can show the stable code's message.
import { fetchUtils } from 'react-admin';

export async function getJson<T>(url: string): Promise<T> {
  const { json } = await fetchUtils.fetchJson(url, { credentials: 'include' });
  return json as T;
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const { json } = await fetchUtils.fetchJson(url, { method: 'POST', body: JSON.stringify(body), credentials: 'include' });
  return json as T;
}

/** The error code of a failed call (the body's code, or its error when that is a string), if any. */
export function errorCode(e: unknown): string | null {
  const body = (e as { body?: { code?: unknown; error?: unknown } } | null)?.body;
  if (typeof body?.code === 'string') return body.code;
  if (typeof body?.error === 'string') return body.error;
  return null;
}
