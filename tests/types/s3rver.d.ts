// The part of s3rver (a fake S3 server for tests; it ships no types) the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  /** The Koa context of a request (the part tests/helpers/s3.ts reads and writes). */
  export interface KoaContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list: tests/helpers/s3.ts puts the multipart calls s3rver lacks first. */
    middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
    /** Where s3rver keeps buckets: the folder of a bucket's resource (`uploads`: multipart parts). */
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
