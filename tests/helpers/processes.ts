// Ending a child process that a test or a bench started: by its own pid (never by a pattern),
// SIGTERM first so that it stops cleanly, SIGKILL when it has not exited after `graceMs`.
import type { ChildProcess } from 'node:child_process';

export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(force);
}
