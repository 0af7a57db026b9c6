import { z } from 'zod';
import path from 'node:path';
import { REGISTRATION_MODES, type RegistrationMode } from '../shared/domain/accounts';

/**
 * The only place that reads process.env. Parsed once at start-up; a bad value stops the server
 * with a message naming the variable. Every key is listed in .env.example.
 */
const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/**
 * TRUST_PROXY: which reverse proxies may say who the client is (X-Forwarded-For / -Proto / -Host).
 * `false` (none), a hop count (`1`: the one proxy in front of the app), or a comma-separated list of
 * proxy addresses or CIDR ranges (`10.0.0.5,10.1.0.0/16`, or `loopback`). A blanket `true` is
 * refused: it would let any client choose its own IP (and so dodge per-IP limits and forge audit IPs).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true would trust every X-Forwarded-For hop, so any client could choose its IP: set the number of proxies in front of the app (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((v) => v.trim()).filter(Boolean);
    const valid = /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i;
    const bad = entries.find((entry) => !valid.test(entry));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `expected false, a number of proxies, or proxy addresses/CIDR ranges; got "${bad ?? value}"` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * SMTP_URL: where email digests are sent from (ADR 025, reminders): `smtp://user:password@host:587`
 * (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). Its password is a
 * secret: no message here repeats the value, and the log shows it only through redactUrlPassword().
 */
const smtpUrl = z
  .string()
  .trim()
  .transform((value, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: 'expected smtp://user:password@host:587 or smtps://user:password@host:465 (value not shown: it may hold a password)' });
      return z.NEVER;
    }
    return url.toString();
  });

/** An address, optionally with a display name: `reminders@example.org` or `Asset Register <reminders@example.org>`. */
const mailFrom = z
  .string()
  .trim()
  .max(320)
  .regex(/^(?:[^<>\r\n"]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'expected an address such as reminders@example.org or "Asset Register <reminders@example.org>"');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Where `npm run backup` and the scheduled backups write; default DATA_DIR/backups. */
  BACKUP_DIR: z
    .string()
    .min(1)
    .refine((v) => !/^s3:/i.test(v) || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](?:\/.*)?$/.test(v), 'expected a folder, or s3://bucket/prefix (a bucket name in lower case)')
    .optional(),
  /**
   * `on`: this process starts the scheduled backups Settings asks for (the default); `off`: it never
   * does (a copy of production restored for testing, or processes that leave it to another).
   */
  BACKUP_SCHEDULE: z.enum(['on', 'off']).default('on'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** 'auto' marks the cookie Secure when the request arrived over HTTPS (directly or via a trusted proxy). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  REGISTRATION_MODE: z.enum(REGISTRATION_MODES).default('open'),
  TRUST_PROXY: trustProxy.default(false),
  /** Slow or stalled clients: time to send the headers, a JSON body, and a whole request (an upload). */
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(30),
  HTTP_BODY_TIMEOUT_SECONDS: seconds(30),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(300),
  /** A kept-alive connection stays open this long between requests (saves a phone new TLS handshakes). */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
  /** Generated report files are deleted this many days after they were made. */
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Exports one user may start per hour, and how many may wait for a free worker across all users. */
  EXPORTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  EXPORT_QUEUE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** The most files and megabytes one evidence pack may hold (ADR 025): a larger subtree is refused before anything is sent. */
  EVIDENCE_PACK_MAX_FILES: z.coerce.number().int().min(1).default(2000),
  EVIDENCE_PACK_MAX_MB: z.coerce.number().int().min(1).default(1024),
  /** Bytes of photos and videos one user may upload per day, in MB. */
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().int().min(1).default(1024),
  /** An uploaded file not recorded against a record within this many hours is deleted. */
  UPLOAD_CLEANUP_GRACE_HOURS: z.coerce.number().positive().default(24),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Reads (lists, search, records, files) one session may make per route per minute. */
  READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Search statements one process runs at once (default: its processors + 1, db/client.ts). */
  SEARCH_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolean.default(false),
  /** The address people open the app at (https://assets.example.org): links in emails. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected the address people open the app at, e.g. https://assets.example.org' }).optional(),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailFrom.optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where backups go, one folder (or S3 prefix) per backup: BACKUP_DIR (src/server/backup). */
  backupTarget: BackupTargetSetting;
  /** False with BACKUP_SCHEDULE=off: this process never starts a scheduled backup (Back up now still works). */
  scheduledBackups: boolean;
  sessionSecret: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  cookieSecure: 'auto' | boolean;
  /** Who may register on a fresh install, until an org admin chooses in Settings (ADR 024). */
  registrationMode: RegistrationMode;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  http: { headersTimeoutMs: number; bodyTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  exports: { retentionDays: number; perUserPerHour: number; queueLimit: number };
  evidencePack: { maxFiles: number; maxBytes: number };
  uploads: { quotaBytesPerDay: number; cleanupGraceMs: number };
  authRateLimitPerMinute: number;
  readRateLimitPerMinute: number;
  /** Undefined: the processors + 1 (searchConnectionsDefault()). */
  searchConnections: number | undefined;
  logLevel: string;
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
  /** The app's address as people open it, without a trailing slash; undefined when not set. */
  publicUrl: string | undefined;
  /** Email digests of due dates (ADR 025): undefined when SMTP_URL is not set, and then nothing is sent. */
  smtp: { url: string; from: string } | undefined;
}

export class ConfigError extends Error {}

/**
 * BACKUP_DIR: a folder, or `s3://bucket/prefix` for a bucket reached with the S3_* connection
 * settings (the endpoint, region, keys and path style the uploads use; the bucket is the address's,
 * so backups can, and should, go to another bucket than the files they copy).
 */
export type BackupTargetSetting = { kind: 'folder'; path: string } | { kind: 's3'; bucket: string; prefix: string };

const S3_ADDRESS = /^s3:\/\/([^/]+)\/*(.*)$/i;

export function backupTargetSetting(value: string): BackupTargetSetting {
  const s3 = S3_ADDRESS.exec(value);
  if (!s3) return { kind: 'folder', path: path.resolve(value) };
  return { kind: 's3', bucket: s3[1]!, prefix: s3[2]!.replace(/\/+$/, '') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in a .env file mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && (!e.MAIL_FROM || !e.PUBLIC_URL)) {
    const missing = [!e.MAIL_FROM && 'MAIL_FROM', !e.PUBLIC_URL && 'PUBLIC_URL'].filter(Boolean).join(' and ');
    throw new ConfigError(`Invalid configuration:\n  ${missing}: needed when SMTP_URL is set (the digests' sender, and the address their links open)`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    backupTarget: backupTargetSetting(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    scheduledBackups: e.BACKUP_SCHEDULE === 'on',
    sessionSecret: e.SESSION_SECRET,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    registrationMode: e.REGISTRATION_MODE,
    trustProxy: e.TRUST_PROXY,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: e.HTTP_BODY_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    exports: { retentionDays: e.EXPORT_RETENTION_DAYS, perUserPerHour: e.EXPORTS_PER_USER_PER_HOUR, queueLimit: e.EXPORT_QUEUE_LIMIT },
    evidencePack: { maxFiles: e.EVIDENCE_PACK_MAX_FILES, maxBytes: e.EVIDENCE_PACK_MAX_MB * 1024 * 1024 },
    uploads: { quotaBytesPerDay: e.UPLOAD_QUOTA_MB_PER_DAY * 1024 * 1024, cleanupGraceMs: e.UPLOAD_CLEANUP_GRACE_HOURS * 3_600_000 },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    readRateLimitPerMinute: e.READ_RATE_LIMIT_PER_MINUTE,
    searchConnections: e.SEARCH_CONNECTIONS,
    logLevel: e.LOG_LEVEL,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
  };
}
