// Any path no other route owns: a real 404, drawn by the root error boundary, sent without scripts
// (nothing to do in the browser: issue 26, decision 380).
export const handle = { hydrate: false };

export function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
