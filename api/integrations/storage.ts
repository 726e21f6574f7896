// Object storage: one interface, two implementations: local disk under var/ (the default) and S3
// (STORAGE_URL=s3://bucket/prefix). createStorage(settings) is the one place that picks one; the
// server, the tests and the seeder call it. docs/decisions/086-s3-storage.md.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Settings } from '../../config/settings.js';
import { PICTURE_SIZES, isPictureKey, sizedKey } from '../../models/rules/storage-url.js';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

/** Bytes start..end, both included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or only the bytes of `range`; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size and type without the body, or null. */
  head(key: string): Promise<ObjectInfo | null>;
  /**
   * Deleting a missing object is not an error. Deleting a picture also deletes its sized copies
   * (picture/40x40/<name>, docs/decisions/310-picture-sizes.md), so every path that removes a
   * picture (clean-up sweep, account deletion) removes them too.
   */
  delete(key: string): Promise<void>;
  /** The public address a browser uses to fetch a public object (logos, pictures): the app's /files. */
  url(key: string): string;
  /** A short-lived address straight at the store (S3 presigned GET), or null when reads go through the app (local disk). */
  directUrl(key: string, expiresInSeconds: number): Promise<string | null>;
  /**
   * The origin (scheme, host, port) of every directUrl address, or null when there are none. A page
   * that frames a CV (the dashboard) must allow it in its CSP frame-src: the /media address
   * redirects there (docs/decisions/181-s3-cv-frames.md).
   */
  readonly privateReadOrigin: string | null;
  /** Resolves when the store answers; rejects otherwise (/readyz). */
  ping(): Promise<void>;
  /**
   * Removes the empty folders under `prefix` (never `prefix` itself) last changed before `before`;
   * answers how many went. Local disk only: S3 has no folders (a key prefix exists only while an
   * object has it), so there it answers 0.
   */
  removeEmptyFolders(prefix: string, before: Date): Promise<number>;
}

/** Bytes of randomness in a new private key's name: 128 bits, beyond guessing (decision 085). */
export const KEY_RANDOM_BYTES = 16;

/** A fresh random file or folder name for a new key: 32 hex characters. */
export function randomKeyName(): string {
  return crypto.randomBytes(KEY_RANDOM_BYTES).toString('hex');
}

/** Keys are relative paths like picture/ab12cd34.pdf; anything that could leave the root is refused. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,254}$/.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.jpg.meta': 'text/plain',
};

/** Removes a folder if it is empty; answers whether it went. */
const removeFolder = (dir: string) =>
  fs.rmdir(dir).then(
    () => true,
    () => false,
  );

const typeOfName = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** The sized copies that go with a key when it is deleted (none unless it is a picture). */
const copiesOf = (key: string) => (isPictureKey(key) ? PICTURE_SIZES.map((size) => sizedKey(key, size)) : []);

/**
 * Writes a file whole or not at all: the bytes go to a temporary name beside it, then are renamed
 * into place, so a reader never sees a half-written file (two requests making the same sized
 * picture at once, decision 310). The temporary name starts with a dot: never a valid key.
 */
async function writeWhole(file: string, body: Buffer | string): Promise<void> {
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${randomKeyName()}.tmp`);
  try {
    await fs.writeFile(aside, body);
    await fs.rename(aside, file);
  } catch (e) {
    await fs.rm(aside, { force: true });
    throw e;
  }
}

export class LocalDiskStorage implements Storage {
  /** Private reads stay on the app's origin (/media answers the bytes itself). */
  readonly privateReadOrigin = null;

  constructor(
    private readonly root: string,
    private readonly publicBase: string,
  ) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    for (let attempt = 1; ; attempt++) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        // The type first: a reader that finds the file finds its type.
        await writeWhole(`${file}.type`, contentType);
        await writeWhole(file, body);
        return;
      } catch (e) {
        // The folder was empty and removed in between (delete, removeEmptyFolders): make it again.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw e;
      }
    }
  }

  private async typeOf(file: string, key: string): Promise<string> {
    return fs.readFile(`${file}.type`, 'utf8').catch(() => typeOfName(key));
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (key.endsWith('.type')) return null; // our own content-type sidecars are not objects
    const file = this.file(key);
    try {
      let body: Buffer;
      if (range) {
        const handle = await fs.open(file, 'r');
        try {
          const length = Math.max(0, range.end - range.start + 1);
          const buf = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buf, 0, length, range.start);
          body = buf.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } else {
        body = await fs.readFile(file);
      }
      return { body, contentType: await this.typeOf(file, key) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw e;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    if (key.endsWith('.type')) return null;
    const file = this.file(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { size: stat.size, contentType: await this.typeOf(file, key) };
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
    for (const copy of copiesOf(key)) await this.delete(copy);
    // A story's folder (story/<id>/, a demo's story/<id>/<qid>/) goes with its last file; the
    // top-level folders (story/, picture/) stay. rmdir refuses a folder that is not empty.
    for (let dir = path.posix.dirname(key); dir.includes('/'); dir = path.posix.dirname(dir)) {
      if (!(await removeFolder(path.join(this.root, dir)))) break;
    }
  }

  async removeEmptyFolders(prefix: string, before: Date): Promise<number> {
    assertSafeKey(prefix);
    // Depth first: a folder whose sub-folders all went is empty in its turn.
    const walk = async (dir: string): Promise<{ empty: boolean; removed: number }> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => null);
      if (!entries) return { empty: false, removed: 0 };
      let removed = 0;
      let left = 0;
      for (const entry of entries) {
        const sub = path.join(dir, entry.name);
        // A folder changed since `before` may be about to receive its first file: left for later.
        // Its time is read before its sub-folders go (their removal changes it).
        const old = entry.isDirectory() && ((await fs.stat(sub).catch(() => null))?.mtimeMs ?? Infinity) < before.getTime();
        const inner = entry.isDirectory() ? await walk(sub) : { empty: false, removed: 0 };
        removed += inner.removed;
        if (old && inner.empty && (await removeFolder(sub))) removed++;
        else left++;
      }
      return { empty: left === 0, removed };
    };
    return (await walk(path.join(this.root, prefix))).removed;
  }

  url(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${key}`;
  }

  async directUrl(): Promise<string | null> {
    return null;
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}

export interface S3Options {
  bucket: string;
  /** Folder inside the bucket, without slashes at either end ('' for the bucket's root). */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly privateReadOrigin: string;

  constructor(
    private readonly options: S3Options,
    private readonly publicBase: string,
  ) {
    // FIPS and dual-stack hosts pinned off here rather than read from AWS_* variables or ~/.aws:
    // the origin below is computed from these same values, so it is always the presigned one.
    const hosts = { useFipsEndpoint: false, useDualstackEndpoint: false };
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      ...hosts,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    });
    // The SDK's own endpoint rules, the ones getSignedUrl applies, not a copy of them: they pick
    // path-style or the bucket's virtual host from more than forcePathStyle (an IP endpoint, a bucket
    // name with dots or one not valid as a host name stay path-style). Synchronous, no credentials.
    const endpoint = this.client.config.endpointProvider({
      Bucket: options.bucket,
      Region: options.region,
      Endpoint: options.endpoint,
      ForcePathStyle: options.forcePathStyle,
      UseFIPS: hosts.useFipsEndpoint,
      UseDualStack: hosts.useDualstackEndpoint,
      Accelerate: false,
    });
    this.privateReadOrigin = endpoint.url.origin;
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.options.prefix ? `${this.options.prefix}/${key}` : key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      let body = Buffer.from(await out.Body!.transformToByteArray());
      // Some S3 look-alikes answer bytes=0-0 with the whole object: keep only what was asked.
      if (range && body.length > range.end - range.start + 1) body = body.subarray(0, range.end - range.start + 1);
      return { body, contentType: out.ContentType ?? typeOfName(key) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType ?? typeOfName(key) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
    await Promise.all(copiesOf(key).map((copy) => this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(copy) }))));
  }

  url(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${key}`;
  }

  /** S3 has no folders: a key prefix exists only while an object has it, so nothing is left empty. */
  async removeEmptyFolders(): Promise<number> {
    return 0;
  }

  async directUrl(key: string, expiresInSeconds: number): Promise<string | null> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }), { expiresIn: expiresInSeconds });
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }
}

/** The storage the settings name: S3 when STORAGE_URL is s3://, else the local folder STORAGE_DIR. */
export function createStorage(settings: Pick<Settings, 'storageDir' | 'publicUrl' | 's3'>): Storage {
  const publicBase = `${settings.publicUrl}/files`;
  if (settings.s3) return new S3Storage(settings.s3, publicBase);
  return new LocalDiskStorage(settings.storageDir, publicBase);
}
