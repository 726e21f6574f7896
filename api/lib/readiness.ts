// Liveness and readiness (issue 10, "Several nodes"; docs/decisions/092-health-livez-readyz.md).
// /livez: the process answers. /readyz: every check passes and the process is not stopping; a
// load balancer sends traffic only to ready nodes. Checks are named functions; a part that needs
// one (e.g. the ffmpeg binary once video lands) registers it with addCheck.

/** A check throws (or rejects) when its part is not usable. */
export type ReadinessCheck = () => Promise<void>;

export interface ReadinessReport {
  ready: boolean;
  /** Every check by name: 'ok' or 'failed' (what a balancer or a passer-by may read). */
  checks: Record<string, 'ok' | 'failed'>;
  /** The names of the checks that failed ('shutting_down' while the process stops). */
  failed: string[];
}

/** The report, and what went wrong for each failed check: for the node's log, never the answer. */
export interface ReadinessOutcome {
  report: ReadinessReport;
  errors: Record<string, string>;
}

/** How long one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: ReadinessCheck, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    timer.unref?.();
    Promise.resolve()
      .then(check)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private stopping = false;

  constructor(private readonly timeoutMs = CHECK_TIMEOUT_MS) {}

  /** Adds (or replaces) a named check. */
  addCheck(name: string, check: ReadinessCheck): this {
    this.checks.set(name, check);
    return this;
  }

  /** From now on the node is not ready: it is stopping (SIGTERM) and drains its requests. */
  drain(): void {
    this.stopping = true;
  }

  get draining(): boolean {
    return this.stopping;
  }

  async report(): Promise<ReadinessOutcome> {
    const errors: Record<string, string> = {};
    const checks: Record<string, 'ok' | 'failed'> = {};
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check, this.timeoutMs);
          checks[name] = 'ok';
        } catch (e) {
          checks[name] = 'failed';
          errors[name] = (e as Error)?.message || 'failed';
        }
      }),
    );
    // In the order the checks were added, whichever finished first.
    const failed = [...this.checks.keys()].filter((name) => name in errors);
    if (this.stopping) {
      checks.shutting_down = 'failed';
      errors.shutting_down = 'the process is stopping';
      failed.unshift('shutting_down');
    }
    return { report: { ready: failed.length === 0, checks, failed }, errors };
  }
}
