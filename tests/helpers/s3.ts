// A fake S3 server (s3rver) on a free loopback port, with one bucket, for the tests that run the
// storage on S3: the storage contract and the cluster test. Its settings are the app's own
// variables (STORAGE_URL, S3_*: config/settings.ts, docs/decisions/086-s3-storage.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import S3rver, { type KoaContext } from 's3rver';
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
  server.middleware.unshift(multipartExtras(server));
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

const xml = (ctx: KoaContext, status: number, body: string) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
};
const noSuchUpload = (ctx: KoaContext, uploadId: string) =>
  xml(ctx, 404, `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`);

/**
 * The two multipart calls s3rver 3.7 lacks and @tus/s3-store needs (uploads kept in the bucket,
 * decision 406): ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId), read from
 * and done on the folder where s3rver keeps a multipart upload's parts (<n> and <n>.md5).
 */
function multipartExtras(server: S3rver) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!uploadId || !/^[0-9a-f]+$/.test(uploadId) || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const [bucket, ...key] = ctx.path.slice(1).split('/');
    const folder = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const names = await fs.readdir(folder).catch(() => null);
    if (!names) return noSuchUpload(ctx, uploadId);
    if (ctx.method === 'DELETE') {
      await fs.rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((x, y) => x - y);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [stat, md5] = await Promise.all([fs.stat(path.join(folder, String(n))), fs.readFile(path.join(folder, `${n}.md5`), 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
    );
    xml(
      ctx,
      200,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${decodeURIComponent(key.join('/'))}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}
