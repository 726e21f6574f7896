// Requests for the same key that arrive while its load runs share that load (a shared link brings
// bursts of the same page). Nothing is kept once the load settles: no stale answers, no cache to
// keep right across nodes. Callers that may change the answer copy it first.
export function singleFlight<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = load(key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
