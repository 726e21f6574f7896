// A fake S3 server (s3rver) on a free loopback port, with one bucket, for the tests that run the
// storage on S3: the storage contract and the cluster test. Its settings are the app's own
// variables (STORAGE_URL, S3_*: config/settings.ts, docs/decisions/086-s3-storage.md).
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './ports.js';

export const FAKE_S3_BUCKET = 'vrp-media';

export interface FakeS3 {
  endpoint: string;
  /** The environment that points the app at this bucket, under `prefix`. */
  env(prefix: string): Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver keeping its objects under `dir`; stop() closes it. */
export async function startFakeS3(dir: string): Promise<FakeS3> {
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: FAKE_S3_BUCKET }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (prefix) => ({
      STORAGE_URL: `s3://${FAKE_S3_BUCKET}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    stop: () => server.close(),
  };
}
