// The home page's frame rule: look inside a same-origin frame every `intervalMs` for an element;
// call `onFound` the first time it is there; give up after `timeoutMs` (then `onGiveUp`). Returns a stop function.
export function watchFrameForCta(
  frame: HTMLIFrameElement,
  selector: string,
  { intervalMs, timeoutMs }: { intervalMs: number; timeoutMs: number },
  onFound: () => void,
  onGiveUp: () => void = () => undefined,
): () => void {
  const started = Date.now();
  const timer = window.setInterval(() => {
    let found = false;
    try {
      found = !!frame.contentDocument?.querySelector(selector);
    } catch {
      found = false; // a cross-origin frame cannot be inspected: treat it as "not there"
    }
    if (found) {
      window.clearInterval(timer);
      onFound();
    } else if (Date.now() - started >= timeoutMs) {
      window.clearInterval(timer);
      onGiveUp();
    }
  }, intervalMs);
  return () => window.clearInterval(timer);
}
