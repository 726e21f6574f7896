// Object storage: an interface with a local-disk implementation under var/; an S3 one can
// implement the same four methods later without touching callers.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** The address a browser uses to fetch the object. */
  url(key: string): string;
  /** Throws when the storage cannot be used (readiness check, /readyz). */
  ping(): Promise<void>;
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

export class LocalDiskStorage implements Storage {
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
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
    await fs.writeFile(`${file}.type`, contentType);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (key.endsWith('.type')) return null; // our own content-type sidecars are not objects
    const file = this.file(key);
    try {
      const body = await fs.readFile(file);
      const contentType = await fs.readFile(`${file}.type`, 'utf8').catch(() => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
      return { body, contentType };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }

  url(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${key}`;
  }
}
