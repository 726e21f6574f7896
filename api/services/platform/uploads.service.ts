// Uploaded files: CVs (PDF) of the public application form and images (logos, pictures).
// The type is read from the file's first bytes, never from its name or declared type; an image is
// then decoded whole before anything is stored (docs/decisions/310-picture-sizes.md).
import { randomKeyName, type Storage } from '../../integrations/storage.js';
import { checkPicture } from '../../integrations/pictures.js';
import { DraftOffer, Upload, transaction, type UploadKind } from '../../../models/index.js';
import { AppError, invalid, unauthorized } from '../../lib/errors.js';
import { MAX_UPLOAD_BYTES } from '../../../models/rules/upload.js';
import { isEditionToken } from '../../../models/rules/edition-token.js';
import { assertDraftEditable } from '../offers/drafts.service.js';

const KEY_FOLDER = 'picture';

/** A random name: 32 hex characters (128 bits) since decision 085; earlier uploads have 8 and keep working. */
const NAME = '(?:[0-9a-f]{32}|[0-9a-f]{8})';

/** The storage key at the end of an uploaded file's address (a random hex name and its type's extension), or null. */
export function uploadKeyAtEnd(address: string): string | null {
  return new RegExp(`${KEY_FOLDER}/${NAME}\\.(?:pdf|png|jpg|gif|webp)$`).exec(address)?.[0] ?? null;
}

export { MAX_UPLOAD_BYTES };

export interface DetectedType {
  ext: 'pdf' | 'png' | 'jpg' | 'gif' | 'webp';
  contentType: string;
}

/** The format sharp names for each image type (it reads the same magic bytes). */
const DECODED_FORMAT: Record<DetectedType['ext'], string> = { pdf: '', png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' };

const startsWith = (buf: Buffer, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return buf.length >= at + b.length && buf.subarray(at, at + b.length).equals(b);
};

/** The file type from its magic bytes, or null when it is none we accept. */
export function detectType(buf: Buffer): DetectedType | null {
  if (startsWith(buf, '%PDF-')) return { ext: 'pdf', contentType: 'application/pdf' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(buf, 'GIF87a') || startsWith(buf, 'GIF89a')) return { ext: 'gif', contentType: 'image/gif' };
  if (startsWith(buf, 'RIFF') && startsWith(buf, 'WEBP', 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

export interface UploadInput {
  kind: UploadKind;
  body: Buffer | undefined;
  ownerId: string | null;
  /** The wizard's alternative to a session for logos: the draft's token. */
  editionToken?: string;
}

/** What a new record may attach: 128-bit names only. An earlier 8-hex name (32 bits) could be
 *  guessed and attached to an attacker's own application, whose CV they may then read; such
 *  files stay readable through the records that already hold them (uploadKeyAtEnd). */
const KEY_SHAPE = new RegExp(`^${KEY_FOLDER}/[0-9a-f]{32}\\.(pdf|png|jpg|gif|webp)$`);

/** Checks, stores and records an upload; answers its key and address. */
export async function storeUpload(storage: Storage, input: UploadInput): Promise<{ key: string; url: string | null }> {
  let ownerId = input.ownerId;
  if (input.kind === 'image' && !ownerId) {
    const token = input.editionToken?.trim();
    const draft = isEditionToken(token) ? await DraftOffer.findOne({ where: { edition_token: token } }) : null;
    if (!draft) throw unauthorized();
    // A published draft's link no longer changes anything, its logo included.
    assertDraftEditable(draft);
    ownerId = draft.owner_id;
  }
  const body = input.body;
  if (!body) throw invalid('file_required', 'file_required');
  if (body.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'file_too_large', 'file_too_large');
  const type = detectType(body);
  if (input.kind === 'cv' && type?.ext !== 'pdf') throw invalid('cv_pdf_only', 'cv_pdf_only');
  if (input.kind === 'image' && (!type || type.ext === 'pdf')) throw invalid('image_mime_type_error', 'image_mime_type_error');
  // Right magic bytes are not yet a picture: a truncated or corrupt body, or one over the pixel
  // limit, is refused here (422 picture_not_an_image / picture_too_large), before any row or file.
  if (input.kind === 'image' && (await checkPicture(body)) !== DECODED_FORMAT[type!.ext]) throw new AppError(422, 'picture_not_an_image', 'picture_not_an_image');

  for (let attempt = 1; ; attempt++) {
    const key = `${KEY_FOLDER}/${randomKeyName()}.${type!.ext}`;
    try {
      // The row reserves the key (unique index) before the file is written: a collision can
      // never overwrite someone else's file, and a failed write leaves no row behind.
      await transaction(async (t) => {
        await Upload.create({ key, kind: input.kind, content_type: type!.contentType, size: body.length, owner_id: ownerId }, { transaction: t });
        await storage.put(key, body, type!.contentType);
      });
      // A CV is private: its address is signed by whoever may read it (GET /apis/applications/:id/media).
      return { key, url: input.kind === 'cv' ? null : storage.url(key) };
    } catch (e) {
      if ((e as { name?: string }).name !== 'SequelizeUniqueConstraintError' || attempt >= 5) throw e;
    }
  }
}

/** The recorded upload of that key and kind (e.g. the CV an application refers to), or null. */
export async function findUpload(key: string, kind: UploadKind): Promise<Upload | null> {
  if (typeof key !== 'string' || !KEY_SHAPE.test(key)) return null;
  return Upload.findOne({ where: { key, kind } });
}
