// The addresses of an interview invitation (docs/decisions/430-interview-invitations.md): the link
// that opens the interview already identified, and the unsubscribe link. A token is
//   <invitation id>.<nonce>.<purpose>.<HMAC-SHA256 of "invitation\n<id>\n<nonce>\n<purpose>">
// with the server secret of signed media addresses (api/integrations/media-urls.ts mediaSecret,
// derived once more for this purpose). The nonce is the invitation's own random value: a token is
// worth nothing without the secret, and names one invitation only. It expires with the invitation:
// the server reads the deadline, so extending it keeps the link the candidate already has.
import crypto from 'node:crypto';
import type { Settings } from '../../../config/settings.js';
import { mediaSecret } from '../../integrations/media-urls.js';

/** 'i': opens the interview; 'u': unsubscribes the address from the company's messages. */
export type LinkPurpose = 'i' | 'u';

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{16,32})\.([iu])\.([A-Za-z0-9_-]{43})$/;

export class InvitationLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly publicUrl: string,
  ) {}

  private mac(id: number, nonce: string, purpose: LinkPurpose): Buffer {
    return crypto.createHmac('sha256', this.secret).update(`invitation\n${id}\n${nonce}\n${purpose}`).digest();
  }

  token(invitation: { id: number; nonce: string }, purpose: LinkPurpose): string {
    return `${invitation.id}.${invitation.nonce}.${purpose}.${this.mac(invitation.id, invitation.nonce, purpose).toString('base64url')}`;
  }

  /** The interview's personal link. */
  openUrl(invitation: { id: number; nonce: string }): string {
    return `${this.publicUrl}/apis/invitation-link/${this.token(invitation, 'i')}`;
  }

  unsubscribeUrl(invitation: { id: number; nonce: string }): string {
    return `${this.publicUrl}/apis/invitation-unsubscribe/${this.token(invitation, 'u')}`;
  }

  /** The invitation a token names, with its nonce to compare with the row's, or null when forged. */
  verify(token: string, purpose: LinkPurpose): { id: number; nonce: string } | null {
    const m = TOKEN.exec(token);
    if (!m || m[3] !== purpose) return null;
    const id = Number(m[1]);
    const given = Buffer.from(m[4], 'base64url');
    if (given.length !== 32 || !crypto.timingSafeEqual(this.mac(id, m[2], purpose), given)) return null;
    return { id, nonce: m[2] };
  }
}

export const newNonce = (): string => crypto.randomBytes(16).toString('base64url');

export function createInvitationLinks(settings: Pick<Settings, 'sessionSecret' | 'storageDir' | 'publicUrl'>): InvitationLinks {
  const secret = crypto.createHmac('sha256', mediaSecret(settings)).update('invitation-links').digest();
  return new InvitationLinks(secret, settings.publicUrl);
}
