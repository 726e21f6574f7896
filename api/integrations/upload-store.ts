// Where a resumable (tus) upload's bytes live while it is in progress: one interface, two
// implementations. The folder (UPLOAD_TMP_DIR, @tus/file-store): every node of a cluster must see
// the same folder (a shared volume, decision 176). The bucket (STORAGE_URL=s3://…, @tus/s3-store):
// an S3 multipart upload under `<prefix>/uploads/`, so any node continues any upload with nothing
// shared but the bucket. uploadStoreFor(settings) is the one place that picks one.
// docs/decisions/406-uploads-in-the-bucket.md.
import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore, Upload } from '@tus/utils';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { Settings } from '../../config/settings.js';
import type { S3Options } from './storage.js';

export interface UploadStore {
  /** 'folder' (UPLOAD_TMP_DIR) or 'bucket' (the S3 bucket of STORAGE_URL, under <prefix>/uploads/). */
  readonly kind: 'folder' | 'bucket';
  /** tus's datastore; `configstore` keeps an upload's metadata (the folder's; the bucket keeps its own). */
  datastore(configstore: KvStore<Upload>): DataStore;
  /** How many bytes of an upload arrived (tus's offset); 0 when there are none. */
  offset(id: string): Promise<number>;
  /**
   * Runs `use` with a local file holding a finished upload's bytes (the folder's own file; for the
   * bucket, a temporary copy removed after). A path that does not exist when there are no bytes.
   */
  withFinishedFile<T>(id: string, use: (file: string) => Promise<T>): Promise<T>;
  /** Removes the bytes of these uploads (the bucket's unfinished multipart upload is aborted). */
  remove(ids: Iterable<string>): Promise<void>;
  /** Uploads that have bytes here last changed before `before`, each with how many files or objects. */
  changedBefore(before: Date): Promise<Map<string, number>>;
}

/**
 * The names of one tus upload: the bytes (named by the upload id) and the metadata beside them
 * (`.json` for the file store, `.info` for tusd and the S3 store), and the S3 store's `.part`
 * (the bytes of a PATCH too small to be a multipart part yet).
 */
const TUS_FILE = /^([0-9a-f]{32})(?:\.json|\.info|\.part)?$/;

/** The folder UPLOAD_TMP_DIR: today's file store, the bytes named by the upload id. */
class FolderUploadStore implements UploadStore {
  readonly kind = 'folder';
  constructor(readonly dir: string) {}

  datastore(configstore: KvStore<Upload>): DataStore {
    mkdirSync(this.dir, { recursive: true });
    return new FileStore({ directory: this.dir, configstore });
  }

  async offset(id: string): Promise<number> {
    const stat = await fs.stat(path.join(this.dir, id)).catch(() => null);
    return stat?.size ?? 0;
  }

  async withFinishedFile<T>(id: string, use: (file: string) => Promise<T>): Promise<T> {
    return use(path.join(this.dir, id));
  }

  async remove(ids: Iterable<string>): Promise<void> {
    for (const id of ids) for (const f of [id, `${id}.json`, `${id}.info`]) await fs.rm(path.join(this.dir, f), { force: true });
  }

  async changedBefore(before: Date): Promise<Map<string, number>> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const old = new Map<string, number>();
    for (const name of names) {
      const id = TUS_FILE.exec(name)?.[1];
      if (!id) continue;
      const stat = await fs.stat(path.join(this.dir, name)).catch(() => null);
      if (!stat?.isFile() || stat.mtimeMs >= before.getTime()) continue;
      old.set(id, (old.get(id) ?? 0) + 1);
    }
    return old;
  }
}

/** S3 errors that mean "no such object / no such multipart upload". */
const isS3Missing = (e: unknown) => {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(err.name ?? err.Code ?? '') || err.$metadata?.httpStatusCode === 404;
};

/** No metadata cache: the `.info` object in the bucket is read on every request, so every node sees the same. */
class NoCache implements KvStore<MetadataValue> {
  async get(): Promise<MetadataValue | undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
  async list(): Promise<string[]> {
    return [];
  }
}

/**
 * @tus/s3-store with every key under `<prefix>/uploads/` (a client middleware adds it: the store
 * itself names objects by the bare upload id), and the few steps we need beside tus's own.
 */
class PrefixedS3Store extends S3Store {
  constructor(
    config: S3ClientConfig & { bucket: string },
    readonly keyPrefix: string,
  ) {
    super({ s3ClientConfig: config, cache: new NoCache() });
    const prefixed = (key: unknown) => (typeof key === 'string' && !key.startsWith(keyPrefix) ? keyPrefix + key : key);
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: string; Prefix?: string; Delete?: { Objects?: { Key?: string }[] } };
        if (input.Key !== undefined) input.Key = prefixed(input.Key) as string;
        for (const o of input.Delete?.Objects ?? []) o.Key = prefixed(o.Key) as string;
        return next(args);
      },
      { step: 'initialize', name: 'tusUploadsPrefix' },
    );
  }

  /** tus termination (DELETE): the store's own removal leaves the incomplete part behind; it goes too. */
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
  }
  get s3() {
    return this.client;
  }
  get bucketName() {
    return this.bucket;
  }
  /** The multipart upload's id and the upload's size, or null when its `.info` is gone. */
  async info(id: string): Promise<MetadataValue | null> {
    try {
      return await this.getMetadata(id);
    } catch (e) {
      if (isS3Missing(e)) return null;
      throw e;
    }
  }
  /**
   * Completes the multipart upload of an upload whose parts hold every byte (the process died
   * between its last part and the completion); answers whether it did.
   */
  async completeIfWhole(id: string): Promise<boolean> {
    const meta = await this.info(id);
    if (!meta) return false;
    let parts;
    try {
      parts = await this.retrieveParts(id);
    } catch (e) {
      if (isS3Missing(e)) return false;
      throw e;
    }
    const received = parts.reduce((n, p) => n + (p.Size ?? 0), 0);
    if (!parts.length || received !== meta.file.size) return false;
    await this.finishMultipartUpload(meta, parts);
    return true;
  }
}

/** The bucket: an S3 multipart upload per tus upload, under `<prefix>/uploads/`. */
export class BucketUploadStore implements UploadStore {
  readonly kind = 'bucket';
  private readonly store: PrefixedS3Store;
  /** The key prefix of uploads in the bucket, ending with a slash. */
  readonly keyPrefix: string;

  constructor(options: S3Options) {
    this.keyPrefix = `${options.prefix ? `${options.prefix}/` : ''}uploads/`;
    this.store = new PrefixedS3Store(
      {
        bucket: options.bucket,
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        useFipsEndpoint: false,
        useDualstackEndpoint: false,
        // Parts are sent as they are, without the SDK's streaming checksum trailers, which not
        // every S3-compatible store understands.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      },
      this.keyPrefix,
    );
  }

  datastore(): DataStore {
    return this.store;
  }

  async offset(id: string): Promise<number> {
    if (!(await this.store.info(id))) return 0;
    try {
      return (await this.store.getUpload(id)).offset;
    } catch (e) {
      if (isS3Missing(e) || (e as { status_code?: number }).status_code === 404) return 0;
      throw e;
    }
  }

  private async download(id: string, file: string): Promise<boolean> {
    try {
      const out = await this.store.s3.getObject({ Bucket: this.store.bucketName, Key: id });
      await pipeline(out.Body as Readable, (await fs.open(file, 'w')).createWriteStream());
      return true;
    } catch (e) {
      if (isS3Missing(e)) return false;
      throw e;
    }
  }

  async withFinishedFile<T>(id: string, use: (file: string) => Promise<T>): Promise<T> {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'vrp-upload-'));
    const file = path.join(work, id);
    try {
      if (!(await this.download(id, file)) && (await this.store.completeIfWhole(id))) await this.download(id, file);
      return await use(file);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  async remove(ids: Iterable<string>): Promise<void> {
    for (const id of ids) {
      const meta = await this.store.info(id);
      if (meta?.['upload-id']) {
        await this.store.s3.abortMultipartUpload({ Bucket: this.store.bucketName, Key: id, UploadId: meta['upload-id'] }).catch((e: unknown) => {
          if (!isS3Missing(e)) throw e;
        });
      }
      await this.store.s3.deleteObjects({ Bucket: this.store.bucketName, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true } });
    }
  }

  async changedBefore(before: Date): Promise<Map<string, number>> {
    const old = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await this.store.s3.listObjectsV2({ Bucket: this.store.bucketName, Prefix: this.keyPrefix, ContinuationToken: token });
      for (const o of page.Contents ?? []) {
        const id = TUS_FILE.exec((o.Key ?? '').slice(this.keyPrefix.length))?.[1];
        if (!id || !o.LastModified || o.LastModified.getTime() >= before.getTime()) continue;
        old.set(id, (old.get(id) ?? 0) + 1);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return old;
  }
}

const made = new WeakMap<object, UploadStore>();

/**
 * The upload store the settings name: the bucket when STORAGE_URL is s3:// (unless
 * UPLOAD_STORE=folder), else the folder UPLOAD_TMP_DIR. One per settings object, so that the tus
 * server, the jobs and the sweeps of a process share one S3 client.
 */
export function uploadStoreFor(settings: Pick<Settings, 's3' | 'video'>): UploadStore {
  let store = made.get(settings);
  if (!store) {
    store = settings.s3 && settings.video.uploadStore === 'bucket' ? new BucketUploadStore(settings.s3) : new FolderUploadStore(settings.video.uploadDir);
    made.set(settings, store);
  }
  return store;
}
