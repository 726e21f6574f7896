// The browser's calls to our own JSON API: one place for the method, headers and body encoding.
// Same-origin fetches carry the session cookie and an Origin header (the API's CSRF rule).
export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
