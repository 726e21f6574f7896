// Signed addresses of private media (CVs, story videos): the one module that signs and verifies
// them (docs/decisions/085-private-media-signed-urls.md). An address looks like
//   /media/<expiry seconds>.<audience>.<signature>/<key>
// where the signature is HMAC-SHA256 over expiry, audience and scope. The scope is the key itself,
// or for an HLS playlist (…/index.m3u8) its folder, so that the playlist's relative segment and
// poster lines resolve under the same token. Audiences: u<user id> (that signed-in user only) and
// s<share link id> (whoever holds the feedback link, while the link exists).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../config/settings.js';
import { MEDIA_PATH } from '../../models/rules/storage-url.js';

/** How long a signed address stays valid: long enough to watch five one-minute stories calmly. */
export const MEDIA_URL_LIFETIME_MS = 30 * 60_000;

const AUDIENCE_SHAPE = /^[us][A-Za-z0-9-]{1,64}$/;
const TOKEN_SHAPE = /^(\d{1,12})\.([us][A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;

export type MediaAudience = { kind: 'user'; userId: string } | { kind: 'share'; shareLinkId: number };

export const userAudience = (userId: string) => `u${userId}`;
export const shareAudience = (shareLinkId: number) => `s${shareLinkId}`;

function parseAudience(aud: string): MediaAudience | null {
  if (aud.startsWith('u')) return { kind: 'user', userId: aud.slice(1) };
  const id = Number(aud.slice(1));
  return /^s\d{1,12}$/.test(aud) && Number.isSafeInteger(id) ? { kind: 'share', shareLinkId: id } : null;
}

/**
 * What a playlist's folder token opens beside it: what the transcoder writes there (playlists,
 * segments, the poster), never other files of the folder (the raw upload waiting for the
 * transcoder, story/<id>/source).
 */
const STORY_PART = /^[A-Za-z0-9_-]{1,64}\.(m3u8|ts|jpg)$/;

/** What a token covers: a playlist's folder (so its segments ride along), else the key itself. */
export function scopeOf(key: string): string {
  return key.endsWith('.m3u8') ? key.slice(0, key.lastIndexOf('/') + 1) : key;
}

export class MediaUrls {
  constructor(
    private readonly secret: Buffer,
    /** The public address (no trailing slash) that makes signed addresses absolute, for the mobile apps; '' for site paths. */
    private readonly origin = '',
    readonly lifetimeMs = MEDIA_URL_LIFETIME_MS,
  ) {}

  private mac(exp: string, aud: string, scope: string): Buffer {
    return crypto.createHmac('sha256', this.secret).update(`media\n${exp}\n${aud}\n${scope}`).digest();
  }

  /** The address of a private key for one audience, valid for lifetimeMs from now. */
  sign(key: string, audience: string, now: Date): string {
    if (!AUDIENCE_SHAPE.test(audience)) throw new Error(`bad media audience: ${audience}`);
    const exp = String(Math.floor((now.getTime() + this.lifetimeMs) / 1000));
    const sig = this.mac(exp, audience, scopeOf(key)).toString('base64url');
    return `${this.origin}${MEDIA_PATH}/${exp}.${audience}.${sig}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The audience of a valid, unexpired token for this key, or null (expired, tampered, other key). */
  verify(token: string, key: string, now: Date): MediaAudience | null {
    const m = TOKEN_SHAPE.exec(token);
    if (!m) return null;
    const [, exp, aud, sig] = m;
    if (Number(exp) * 1000 <= now.getTime()) return null;
    const given = Buffer.from(sig, 'base64url');
    const slash = key.lastIndexOf('/');
    // The key itself, or the folder a playlist token covers (for the story's own parts only).
    const scopes = slash > 0 && STORY_PART.test(key.slice(slash + 1)) ? [key, key.slice(0, slash + 1)] : [key];
    const ok = scopes.some((scope) => crypto.timingSafeEqual(this.mac(exp, aud, scope), given));
    return ok ? parseAudience(aud) : null;
  }
}

/** Where the generated secret lives when SESSION_SECRET is unset: next to the storage folder (var/ by default). */
export function generatedSecretFile(settings: Pick<Settings, 'storageDir'>): string {
  return path.join(path.dirname(settings.storageDir), 'media-secret');
}

/**
 * The signing secret: derived from SESSION_SECRET when set (every node agrees), otherwise random
 * bytes written once under var/ and read back by every later start and by nodes sharing var/.
 * The file appears whole or not at all (written aside, then hard-linked into place).
 */
export function mediaSecret(settings: Pick<Settings, 'sessionSecret' | 'storageDir'>): Buffer {
  if (settings.sessionSecret) return crypto.createHmac('sha256', settings.sessionSecret).update('media-urls').digest();
  const file = generatedSecretFile(settings);
  const read = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(aside, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return read();
}

export function createMediaUrls(settings: Pick<Settings, 'sessionSecret' | 'storageDir' | 'publicUrl'>): MediaUrls {
  return new MediaUrls(mediaSecret(settings), settings.publicUrl);
}
