// Custom landing pages (back-office.md sections 2, 5, 9): identifier rules, logo, defaults, audit.
import { retryingTransaction } from '../platform/retry-transaction.js';
import { CustomLanding, LANDING_DEFAULTS } from '../../../models/index.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { IDENTIFIER_ALLOWED, IDENTIFIER_MIN, normalizeIdentifier } from '../../../models/resources/custom-landings/resource.js';
import { audit } from '../platform/audit.service.js';
import type { Actor } from '../accounts/staff-users.service.js';
import { findUpload, uploadKeyAtEnd } from '../platform/uploads.service.js';
import type { Storage } from '../../integrations/storage.js';

/** Lowercased, spaces to hyphens; any other character refused with the spec's message. */
export function checkIdentifier(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid('identifier_too_short', 'console_identifier_too_short', { field: 'identifier' });
  const { value, refused } = normalizeIdentifier(raw.trim());
  if (refused) throw invalid('identifier_not_allowed', 'console_identifier_not_allowed', { field: 'identifier', char: refused, allowed: IDENTIFIER_ALLOWED });
  if (value.length < IDENTIFIER_MIN) throw invalid('identifier_too_short', 'console_identifier_too_short', { field: 'identifier' });
  return value;
}

/**
 * A landing's logo is nothing (null or empty, stored as null) or an image this platform stored
 * through POST /apis/upload/image, given by the address that upload answered: the address must
 * be exactly the storage's address of its key, and the key recorded as an image upload. Anything
 * else (another site's address, a javascript: or data: URL, a CV's address) is refused.
 */
export async function checkLogoSrc(storage: Storage, raw: unknown): Promise<string | null> {
  if (raw === null || raw === undefined) return null;
  const refused = () => invalid('logo_not_uploaded', 'console_logo_not_uploaded', { field: 'logo_src' });
  if (typeof raw !== 'string') throw refused();
  const src = raw.trim();
  if (!src) return null;
  const key = uploadKeyAtEnd(src);
  if (!key || storage.url(key) !== src) throw refused();
  const upload = await findUpload(key, 'image');
  if (!upload || !upload.content_type.startsWith('image/')) throw refused();
  return src;
}

export type LandingInput = Partial<Pick<CustomLanding, 'name' | 'bg_color' | 'select_label' | 'select_description' | 'informations_description' | 'logo_src' | 'logo_width' | 'logo_height'>> & {
  identifier?: unknown;
};

export async function createLanding(actor: Actor, input: LandingInput, now: Date, storage: Storage) {
  const identifier = checkIdentifier(input.identifier);
  const logoSrc = await checkLogoSrc(storage, input.logo_src);
  const name = input.name as string;
  return retryingTransaction(async (t) => {
    if (await CustomLanding.findOne({ where: { identifier }, transaction: t })) throw conflict('identifier_taken', 'console_identifier_taken');
    const landing = await CustomLanding.create(
      {
        identifier,
        name,
        company_hash: name,
        bg_color: input.bg_color ?? LANDING_DEFAULTS.bg_color,
        select_label: input.select_label ?? LANDING_DEFAULTS.select_label,
        select_description: input.select_description ?? LANDING_DEFAULTS.select_description,
        informations_description: input.informations_description ?? LANDING_DEFAULTS.informations_description,
        logo_src: logoSrc,
        logo_width: input.logo_width ?? LANDING_DEFAULTS.logo_width,
        logo_height: input.logo_height ?? LANDING_DEFAULTS.logo_height,
      },
      { transaction: t },
    );
    await audit(t, { actorId: actor.id, action: 'create', resource: 'custom-landings', recordId: landing.id, before: null, after: landing.get({ plain: true }), at: now });
    return landing;
  });
}

export async function updateLanding(actor: Actor, id: string, input: LandingInput, now: Date, storage: Storage) {
  const identifier = input.identifier === undefined ? undefined : checkIdentifier(input.identifier);
  const logo = input.logo_src === undefined ? {} : { logo_src: await checkLogoSrc(storage, input.logo_src) };
  return retryingTransaction(async (t) => {
    const landing = await CustomLanding.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!landing) throw notFound('landing_not_found', 'landing_not_found');
    if (identifier && identifier !== landing.identifier && (await CustomLanding.findOne({ where: { identifier }, transaction: t }))) {
      throw conflict('identifier_taken', 'console_identifier_taken');
    }
    const before = landing.get({ plain: true });
    const { identifier: _i, ...rest } = input;
    // company_hash follows the name on every save (section 3).
    await landing.update({ ...rest, ...logo, ...(identifier ? { identifier } : {}), ...(rest.name ? { company_hash: rest.name } : {}) }, { transaction: t });
    await audit(t, { actorId: actor.id, action: 'update', resource: 'custom-landings', recordId: landing.id, before, after: landing.get({ plain: true }), at: now });
    return landing;
  });
}

export async function deleteLanding(actor: Actor, id: string, now: Date) {
  return retryingTransaction(async (t) => {
    const landing = await CustomLanding.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!landing) throw notFound('landing_not_found', 'landing_not_found');
    const before = landing.get({ plain: true });
    await landing.destroy({ transaction: t });
    await audit(t, { actorId: actor.id, action: 'delete', resource: 'custom-landings', recordId: landing.id, before, after: null, at: now });
    return landing;
  });
}
