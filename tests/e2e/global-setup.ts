// Browser tests' global setup: builds the portal if stale, starts the real server once for the
// run (fresh SQLite database, demo data, temporary storage) and stops it at the end.
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.js';
import { startServer } from '../helpers/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  buildIfStale((m) => console.log(m));
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
