// Outgoing SMS (docs/decisions/166-sms-integration.md). One interface; Twilio Messaging through the
// `twilio` package when the settings name an account, a credential and a sender, otherwise each
// message is written as a text file under SMS_DIR (var/sms), as mails are under var/mail, so a
// demo without a provider still shows what was sent.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import twilio from 'twilio';
import type { Settings } from '../../config/settings.js';

export interface SmsMessage {
  /** E.164 (+33612345678): the form phones are stored in (decision 020). */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly kind: 'twilio' | 'file';
  /** Sends one message; answers the provider's id (Twilio's SM… sid, or the file's name). Throws when not accepted. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

type RequestOptions<TData> = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData };

type TwilioSettings = NonNullable<Settings['sms']['twilio']>;

/**
 * The twilio client's HTTP client with every call sent to `base` instead of https://api.twilio.com
 * (TWILIO_API_BASE: a local double in tests, or a proxy). Path, query, body and auth are unchanged.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const url = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.base}${url.pathname}${url.search}` });
  }
}

export class TwilioSms implements SmsSender {
  readonly kind = 'twilio' as const;
  private readonly client: twilio.Twilio;

  constructor(private readonly config: TwilioSettings) {
    const httpClient = config.apiBase ? new RebasedRequestClient(config.apiBase) : undefined;
    // An API key and secret authenticate for the account; else the account's own auth token.
    this.client =
      config.apiKey && config.apiSecret && !config.authToken
        ? twilio(config.apiKey, config.apiSecret, { accountSid: config.accountSid, httpClient })
        : twilio(config.accountSid, config.authToken, { httpClient });
  }

  async send(m: SmsMessage): Promise<{ id: string }> {
    const sender = this.config.messagingServiceSid ? { messagingServiceSid: this.config.messagingServiceSid } : { from: this.config.from! };
    const message = await this.client.messages.create({ to: m.to, body: m.body, ...sender });
    return { id: message.sid };
  }
}

export class FileSms implements SmsSender {
  readonly kind = 'file' as const;
  constructor(private readonly dir: string) {}

  async send(m: SmsMessage): Promise<{ id: string }> {
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${crypto.randomBytes(3).toString('hex')}.txt`;
    await fs.writeFile(path.join(this.dir, name), `To: ${m.to}\nDate: ${new Date().toUTCString()}\n\n${m.body}\n`);
    return { id: name };
  }
}

export function createSms(settings: Pick<Settings, 'sms'>): SmsSender {
  return settings.sms.twilio ? new TwilioSms(settings.sms.twilio) : new FileSms(settings.sms.dir);
}
