// The meeting room's provider, server side (docs/decisions/160-meeting-room.md): one interface,
// two implementations. Twilio Video when TWILIO_ACCOUNT_SID, TWILIO_API_KEY and TWILIO_API_SECRET
// are set (an access token per join: identity the caller, room named after the pair); otherwise the
// embedded peer-to-peer WebRTC call, signalled through this server (api/services/meetings/meeting.service.ts).
// The browser side is portal/app/lib/meeting/.
// The token module alone: the package's entry loads the whole REST client.
import AccessToken from 'twilio/lib/jwt/AccessToken.js';
import type { IceServer, Settings } from '../../config/settings.js';

export type MeetingProviderName = 'twilio' | 'embedded';

/** Lifetime of a Twilio access token: the length of a long interview; a rejoin asks for a new one. */
export const TWILIO_TOKEN_TTL_S = 4 * 3600;

export interface ProviderJoin {
  provider: MeetingProviderName;
  /** Twilio: the access token (JWT). Embedded: none (the session cookie authenticates the signalling). */
  token: string | null;
  /** When the token stops being accepted (Twilio), else null. */
  expiresAt: Date | null;
  /** STUN/TURN for the embedded call (ICE_SERVERS); Twilio brings its own. */
  iceServers: IceServer[];
}

export interface MeetingProvider {
  readonly name: MeetingProviderName;
  /** What a browser needs to join `room` as `identity`. */
  join(input: { room: string; identity: string; now: Date }): ProviderJoin;
}

type TwilioSettings = Required<Settings['twilio']>;

export function twilioConfigured(settings: Pick<Settings, 'twilio'>): settings is { twilio: TwilioSettings } {
  const t = settings.twilio;
  return !!(t.accountSid && t.apiKey && t.apiSecret);
}

export function twilioVideoProvider(twilio: TwilioSettings): MeetingProvider {
  return {
    name: 'twilio',
    join({ room, identity, now }) {
      const token = new AccessToken(twilio.accountSid, twilio.apiKey, twilio.apiSecret, { identity, ttl: TWILIO_TOKEN_TTL_S });
      token.addGrant(new AccessToken.VideoGrant({ room }));
      // The token's own clock says iat/exp; the answer's expiresAt follows the injected clock.
      return { provider: 'twilio', token: token.toJwt(), expiresAt: new Date(now.getTime() + TWILIO_TOKEN_TTL_S * 1000), iceServers: [] };
    },
  };
}

export function embeddedProvider(iceServers: IceServer[]): MeetingProvider {
  return {
    name: 'embedded',
    join: () => ({ provider: 'embedded', token: null, expiresAt: null, iceServers }),
  };
}

/** The provider the settings choose: Twilio when its three settings are set, else the embedded call. */
export function meetingProvider(settings: Pick<Settings, 'twilio' | 'meeting'>): MeetingProvider {
  return twilioConfigured(settings) ? twilioVideoProvider(settings.twilio) : embeddedProvider(settings.meeting.iceServers);
}
