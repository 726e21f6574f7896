// The one place that reads the environment. Parsed once at start; a wrong value stops the
// server with a message naming the variable (see loadSettings).
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');

const bool = z.enum(['0', '1', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

/** RTCIceServer, as the browser's RTCPeerConnection takes it. */
const iceServersSchema = z.array(
  z.strictObject({
    urls: z.union([z.string().regex(/^(stun|stuns|turn|turns):/), z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);
export type IceServer = z.infer<typeof iceServersSchema>[number];

const port = z.coerce.number().int().min(0).max(65535);

/** Express `trust proxy` names it knows, besides addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyItem = (item: string) => {
  if (PROXY_NAMES.has(item)) return true;
  const [addr, bits, ...rest] = item.split('/');
  const family = net.isIP(addr);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/** Which peers may set X-Forwarded-For (docs/decisions/096-trust-proxy.md): off (the default),
 *  a number of proxy hops, or a comma-separated list of loopback/linklocal/uniquelocal, addresses
 *  and CIDR ranges. `true` (trust anyone) is refused: it lets every client choose its address. */
const trustProxy = z
  .string()
  .trim()
  .refine((v) => /^(0|false|no|off)$/i.test(v) || /^\d{1,2}$/.test(v) || v.split(',').every((i) => isProxyItem(i.trim())), {
    message: 'must be off, a hop count (1), or a list of loopback, linklocal, uniquelocal, addresses and CIDR ranges',
  })
  .transform((v): false | number | string[] => (/^(0|false|no|off)$/i.test(v) ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((i) => i.trim())));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/, 'must be sqlite:path/to/file.sqlite or mysql://user:pass@host:3306/db')
    .default('sqlite:var/app.sqlite'),
  DEMO_DATA: bool.optional(),
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_DIR: z.string().min(1).default('var/storage'),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/, 'must be s3://bucket or s3://bucket/prefix')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  MAIL_DIR: z.string().min(1).default('var/mail'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be smtp://user:pass@host:port or smtps://...')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Recrutement vidéo <no-reply@localhost>'),
  APP_DOWNLOAD_URL: z.url().optional(),
  APP_STORE_URL: z.url().default('https://apps.apple.com/fr/search?term=recrutement%20video'),
  PLAY_STORE_URL: z.url().default('https://play.google.com/store/search?q=recrutement%20video&c=apps'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Where the Stripe SDK sends its calls (default https://api.stripe.com): a local double in tests.
  STRIPE_API_BASE: z
    .url()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http(s)://host[:port] with no path')
    .optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_API_KEY: z.string().min(1).optional(),
  TWILIO_API_SECRET: z.string().min(1).optional(),
  // SMS to leads (docs/decisions/166-sms-integration.md): Twilio Messaging with the account's auth
  // token (or the API key and secret above), sending from TWILIO_SMS_FROM (a number in E.164 or an
  // alphanumeric sender) or through a Messaging Service. Unset: each SMS is a file under SMS_DIR.
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_SMS_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, 'must be a number in E.164 (+33612345678) or an alphanumeric sender of at most 11 characters')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG followed by 32 hex digits)')
    .optional(),
  // Where the twilio client sends its REST calls (default https://api.twilio.com): a local double in tests.
  TWILIO_API_BASE: z
    .url()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http(s)://host[:port] with no path')
    .optional(),
  SMS_DIR: z.string().min(1).default('var/sms'),
  // The meeting room's STUN/TURN servers (RTCIceServer list as JSON) for the embedded WebRTC call
  // (docs/decisions/160-meeting-room.md); unset: none (both browsers on one machine or network).
  ICE_SERVERS: z
    .string()
    .transform((v, ctx) => {
      try {
        return iceServersSchema.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {"urls": "stun:host:port" | [...], "username"?, "credential"?}' });
        return z.NEVER;
      }
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Graceful stop (docs/decisions/092-health-livez-readyz.md): after SIGTERM, /readyz says 503 for
  // SHUTDOWN_DELAY_MS while requests are still served (the balancer's check interval times its
  // fall count), then the server stops accepting and waits up to SHUTDOWN_TIMEOUT_MS for the
  // requests in flight.
  // Address autocomplete (decision 110): the national address API for street-level results; unset,
  // the offline French communes.
  ADDRESS_API_URL: z.url().optional(),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // The job queue (docs/decisions/125-durable-job-queue.md): workers run inside the server unless
  // JOBS_WORKER=0 (then `npm run worker` runs them); JOBS_CONCURRENCY jobs at once per process.
  JOBS_WORKER: bool.default(true),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(30_000).default(5000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).max(3600_000).default(60_000),
  // Interview invitations (docs/decisions/430-interview-invitations.md): how many one company may
  // send a day (UTC), resends included.
  INVITATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(2000),
  // API keys (docs/decisions/485-api-keys.md): the requests one key may make a minute.
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  // Outbound webhooks (docs/decisions/480-outbound-webhooks.md): deliveries never go to loopback,
  // private or link-local addresses; WEBHOOKS_ALLOW_LOOPBACK=1 lets tests use a receiver on
  // 127.0.0.1 or ::1 (over http too). Never set it in production.
  WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
  // Video answers (docs/decisions/127-transcoding.md, 175): the ffmpeg binary (default: the
  // system's /usr/bin/ffmpeg when installed, else the one the @ffmpeg-installer package ships),
  // the x264 preset, and where tus keeps bytes being uploaded.
  FFMPEG_PATH: z.string().min(1).optional(),
  X264_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow']).default('ultrafast'),
  UPLOAD_TMP_DIR: z.string().min(1).default('var/tus'),
  // Where uploads in progress keep their bytes (decision 406): `bucket` (the default with
  // STORAGE_URL=s3://…, under <prefix>/uploads/) or `folder` (UPLOAD_TMP_DIR, the only choice without).
  UPLOAD_STORE: z.enum(['folder', 'bucket']).optional(),
});

export type Database = { dialect: 'sqlite'; storage: string; url: string } | { dialect: 'mysql'; url: string };

export interface Settings {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: Database;
  demoData: boolean;
  logLevel: string;
  /** Express `trust proxy`: false (X-Forwarded-For ignored), a hop count, or trusted proxies. */
  trustProxy: false | number | string[];
  storageDir: string;
  /** Set by STORAGE_URL=s3://bucket/prefix: stored files go to that bucket instead of storageDir. */
  s3?: { bucket: string; prefix: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  mailDir: string;
  smtpUrl?: string;
  mailFrom: string;
  appDownloadUrl: string;
  /** The mobile app's store pages (badges on the portal). */
  stores: { appStore: string; playStore: string };
  sessionSecret?: string;
  /** Payments (docs/decisions/144-plans-and-stripe.md); apiBase points the SDK elsewhere (tests). */
  stripe: { secretKey?: string; webhookSecret?: string; apiBase?: string };
  twilio: { accountSid?: string; apiKey?: string; apiSecret?: string };
  /** SMS to leads: Twilio Messaging when `twilio` is set (credentials and a sender), else files in `dir`. */
  sms: { dir: string; twilio?: { accountSid: string; authToken?: string; apiKey?: string; apiSecret?: string; from?: string; messagingServiceSid?: string; apiBase?: string } };
  /** The meeting room's embedded call: ICE_SERVERS (docs/decisions/160-meeting-room.md). */
  meeting: { iceServers: IceServer[] };
  /** /metrics: on the main port behind a bearer token, and/or open on a port of its own (decision 105). */
  metrics: { token?: string; port?: number; host: string };
  shutdown: { delayMs: number; timeoutMs: number };
  /** The job queue: whether this process runs workers, and how many jobs at once. */
  jobs: { worker: boolean; concurrency: number; pollMs: number; leaseMs: number };
  /** Interview invitations: the messages one company may send a day (decision 430). */
  invitations: { perDay: number };
  /** API keys: the requests one key may make a minute (decision 485). */
  apiKeys: { perMinute: number };
  /** Outbound webhooks: loopback receivers allowed (tests only; decision 480). */
  webhooks: { allowLoopback: boolean };
  /** ffmpeg (undefined: the packaged binary), x264 preset, folder of tus uploads in progress. */
  video: { ffmpegPath?: string; x264Preset: string; uploadDir: string; uploadStore: 'folder' | 'bucket' };
  /** The national address API's base (api-adresse.data.gouv.fr shape); unset: offline communes. */
  addressApiUrl?: string;
  /** How long a node answers anonymous public reads from memory; 0 turns it off (decision 151). */
  publicCacheMs: number;
}

export class SettingsError extends Error {}

function resolveDir(p: string): string {
  return path.isAbsolute(p) ? p : path.join(ROOT_DIR, p);
}

export function parseDatabaseUrl(url: string): Database {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    const storage = file === ':memory:' ? ':memory:' : resolveDir(file);
    return { dialect: 'sqlite', storage, url };
  }
  return { dialect: 'mysql', url: url.replace(/^mariadb:/, 'mysql:') };
}

function parseS3(s: z.infer<typeof schema>): NonNullable<Settings['s3']> {
  const rest = s.STORAGE_URL!.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const prefix = slash < 0 ? '' : rest.slice(slash + 1).replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix,
    endpoint: s.S3_ENDPOINT,
    region: s.S3_REGION,
    accessKeyId: s.S3_ACCESS_KEY_ID,
    secretAccessKey: s.S3_SECRET_ACCESS_KEY,
    // A custom endpoint (MinIO, s3rver, Ceph…) usually wants path-style addresses.
    forcePathStyle: s.S3_FORCE_PATH_STYLE ?? s.S3_ENDPOINT !== undefined,
  };
}

/**
 * Twilio Messaging when the account, a credential (auth token, or API key and secret) and a sender
 * (number or Messaging Service) are all set; a partial set is refused rather than silently falling
 * back to files (a production server would then "send" SMS nobody receives).
 */
function twilioSms(s: z.infer<typeof schema>): Settings['sms']['twilio'] {
  const credential = s.TWILIO_AUTH_TOKEN !== undefined || (s.TWILIO_API_KEY !== undefined && s.TWILIO_API_SECRET !== undefined);
  const sender = s.TWILIO_SMS_FROM !== undefined || s.TWILIO_MESSAGING_SERVICE_SID !== undefined;
  if (!sender) return undefined;
  if (!s.TWILIO_ACCOUNT_SID || !credential) {
    throw new SettingsError(
      'Invalid settings:\n  TWILIO_SMS_FROM / TWILIO_MESSAGING_SERVICE_SID: SMS through Twilio also needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (or TWILIO_API_KEY and TWILIO_API_SECRET)',
    );
  }
  return {
    accountSid: s.TWILIO_ACCOUNT_SID,
    authToken: s.TWILIO_AUTH_TOKEN,
    apiKey: s.TWILIO_API_KEY,
    apiSecret: s.TWILIO_API_SECRET,
    from: s.TWILIO_SMS_FROM,
    messagingServiceSid: s.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: s.TWILIO_API_BASE?.replace(/\/$/, ''),
  };
}

/** Reads and validates the environment; throws SettingsError naming every wrong variable. */
/** The settings of a process that starts (the server, the worker): a wrong value prints its message and exits 1. */
export function loadSettingsOrExit(): Settings {
  try {
    return loadSettings();
  } catch (e) {
    if (e instanceof SettingsError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message} (got ${JSON.stringify(input[String(i.path[0])])})`);
    throw new SettingsError(`Invalid settings:\n  ${lines.join('\n  ')}`);
  }
  const s = parsed.data;
  if (s.UPLOAD_STORE === 'bucket' && !s.STORAGE_URL) throw new SettingsError('Invalid settings:\n  UPLOAD_STORE: bucket needs STORAGE_URL=s3://… (got "bucket")');
  const database = parseDatabaseUrl(s.DATABASE_URL);
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, '');
  return {
    env: s.NODE_ENV,
    port: s.PORT,
    host: s.HOST,
    publicUrl,
    database,
    demoData: s.DEMO_DATA ?? database.dialect === 'sqlite',
    logLevel: s.LOG_LEVEL,
    trustProxy: s.TRUST_PROXY ?? false,
    storageDir: resolveDir(s.STORAGE_DIR),
    s3: s.STORAGE_URL ? parseS3(s) : undefined,
    mailDir: resolveDir(s.MAIL_DIR),
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    appDownloadUrl: s.APP_DOWNLOAD_URL ?? `${publicUrl}/download`,
    stores: { appStore: s.APP_STORE_URL, playStore: s.PLAY_STORE_URL },
    sessionSecret: s.SESSION_SECRET,
    stripe: { secretKey: s.STRIPE_SECRET_KEY, webhookSecret: s.STRIPE_WEBHOOK_SECRET, apiBase: s.STRIPE_API_BASE },
    twilio: { accountSid: s.TWILIO_ACCOUNT_SID, apiKey: s.TWILIO_API_KEY, apiSecret: s.TWILIO_API_SECRET },
    sms: { dir: resolveDir(s.SMS_DIR), twilio: twilioSms(s) },
    meeting: { iceServers: s.ICE_SERVERS ?? [] },
    metrics: { token: s.METRICS_TOKEN, port: s.METRICS_PORT, host: s.METRICS_HOST },
    shutdown: { delayMs: s.SHUTDOWN_DELAY_MS, timeoutMs: s.SHUTDOWN_TIMEOUT_MS },
    jobs: { worker: s.JOBS_WORKER, concurrency: s.JOBS_CONCURRENCY, pollMs: s.JOBS_POLL_MS, leaseMs: s.JOBS_LEASE_MS },
    invitations: { perDay: s.INVITATIONS_PER_DAY },
    apiKeys: { perMinute: s.API_KEY_REQUESTS_PER_MINUTE },
    webhooks: { allowLoopback: s.WEBHOOKS_ALLOW_LOOPBACK },
    video: { ffmpegPath: s.FFMPEG_PATH, x264Preset: s.X264_PRESET, uploadDir: resolveDir(s.UPLOAD_TMP_DIR), uploadStore: s.UPLOAD_STORE ?? (s.STORAGE_URL ? 'bucket' : 'folder') },
    addressApiUrl: s.ADDRESS_API_URL,
    publicCacheMs: s.PUBLIC_CACHE_MS,
  };
}
