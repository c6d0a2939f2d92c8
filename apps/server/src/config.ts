import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { repositoryRoot } from './lib/process/env-file.ts';
import { ownerOnlyFiles, privateFolder } from './private-files.ts';

/** Every setting, read once from the environment and validated. `.env.example` documents each. */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalUrl = z.string().url().optional();

/** proxy-addr's names, an IP address, or an address with a prefix length (10.0.0.0/8, fd00::/8). */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [addr, prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: `true`, a hop count, or a comma-separated list of trusted proxy addresses. */
const trustProxy = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    if (!v || v === 'true' || v === 'false' || /^\d+$/.test(v)) return;
    const bad = v
      .split(',')
      .map((x) => x.trim())
      .filter((x) => !isProxyEntry(x));
    if (bad.length)
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy address: ${bad.join(', ')} (use true, a hop count, IPs, CIDRs, loopback, linklocal or uniquelocal)`,
      });
  })
  .transform((v): boolean | number | string => {
    if (!v || v === 'false') return false;
    if (v === 'true') return true;
    return /^\d+$/.test(v) ? Number(v) : v;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The key-encryption key of personal data (docs/personal-data.md): base64 of 32 bytes. */
  PERSONAL_DATA_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of 32 bytes')
    .optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).default(120),
  TOKEN_KEEP_LOGIN_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_SHORT_MAX_AGE_HOURS: z.coerce.number().int().min(1).default(12),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(4).optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(4).default(4),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  TRUST_PROXY: trustProxy,
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_SLOWDOWN_MAX_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    // TLS is the server's rule (SMTP_ALLOW_PLAIN), not one the URL may turn off.
    .refine((v) => !/[?&](requireTLS|ignoreTLS|opportunisticTLS)=/i.test(v), 'TLS options are not taken from the URL: see SMTP_ALLOW_PLAIN')
    .optional(),
  SMTP_ALLOW_PLAIN: bool.default(false),
  // Unset: each mail comes from the app name (系統設定, 營造後台 by default) at no-reply@localhost.
  MAIL_FROM: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZE_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_ME_URL: z.string().url().default('https://graph.facebook.com/v19.0/me'),
  LINE_CLIENT_ID: z.string().optional(),
  LINE_CLIENT_SECRET: z.string().optional(),
  LINE_AUTHORIZE_URL: z.string().url().default('https://access.line.me/oauth2/v2.1/authorize'),
  LINE_TOKEN_URL: z.string().url().default('https://api.line.me/oauth2/v2.1/token'),
  LINE_ISSUER: z.string().default('https://access.line.me'),
  LINE_MESSAGING_ACCESS_TOKEN: z.string().min(1).optional(),
  LINE_MESSAGING_API_URL: z.string().url().default('https://api.line.me'),
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: z.string().min(1).optional(),
  GOOGLE_DRIVE_API_URL: z.string().url().default('https://www.googleapis.com/drive/v3'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(1000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  CERTIFICATE_REMINDER_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/)
    .default('08:00'),
  /** When the audit chain's daily job anchors the day before and verifies the chain (Taipei), or off. */
  AUDIT_CHAIN_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/)
    .default('00:10'),
  /** When the daily retention run anonymises or erases personal data past its period (Taipei), or off (docs/personal-data.md). */
  PERSONAL_DATA_RETENTION_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/)
    .default('03:30'),
  /** When the daily recompute of every organization's compliance due items runs (Taipei), or off (docs/compliance.md). */
  COMPLIANCE_RECOMPUTE_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/)
    .default('00:20'),
  /** Where each day's anchor of the audit chain is mailed, to be kept outside this server (docs/audit-log.md). */
  AUDIT_ANCHOR_MAIL: z.string().email().optional(),
  /** How often the head of the audit chain is anchored: each hour (the hour before) or only with the daily job. */
  AUDIT_ANCHOR_EVERY: z.enum(['hour', 'day']).default('hour'),
  /** Issue 36: how long a stored file a change removed is kept for a restore from the history (docs/history.md). */
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** When the daily sweep deletes the kept files whose retention has passed (Taipei), or off. */
  KEPT_FILES_SWEEP_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/)
    .default('03:30'),
  JOB_CHECK_MS: z.coerce.number().int().min(0).default(60_000),
  MINUTE_TASK_MS: z.coerce.number().int().min(1000).max(60_000).default(60_000),
  /** Test hook (issue 33's kill tests): tracked work waits this long before its last commit; 0 (off) outside tests. */
  WORK_RUN_TEST_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).default(50_000_000),
  IMAGE_MAX_FRAMES: z.coerce.number().int().min(1).default(100),
  IMAGE_MAX_ANIMATION_PIXELS: z.coerce.number().int().min(1).default(10_000_000),
  IMAGE_QUEUE_CONCURRENCY: z.coerce.number().int().min(1).default(availableParallelism()),
  IMAGE_QUEUE_MAX_WAITING: z.coerce.number().int().min(0).optional(),
  SIGNED_URL_MAX_TTL_SECONDS: z.coerce.number().int().min(1).default(86400),
  PUBLIC_URL: optionalUrl,
  SITE_URL: optionalUrl,
  SITE_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_DIR: z.string().optional(),
  LOG_FILE_MAX_MB: z.coerce.number().min(0.01).max(1024).default(20),
  LOG_FILE_KEEP: z.coerce.number().int().min(1).max(1000).default(30),
  WEB_DIST: z.string().optional(),
  /** Read before this schema, by lib/process/env-file.ts; listed so the documentation test sees it. */
  ENV_FILE: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // One line, each bad variable named: start-up prints it as it is (main.ts).
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET: required when STORAGE_DRIVER=s3');
  // Relative: from the repository root (or the image's /app), never the current folder (`.env`'s own are made absolute from its folder).
  const dataDir = resolve(repositoryRoot(), e.DATA_DIR);
  // Everything the server writes from here on is its owner's alone (private-files.ts).
  ownerOnlyFiles();
  try {
    privateFolder(dataDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'is a file, not a folder'
        : code === 'EACCES' || code === 'EPERM'
          ? 'cannot be created (permission denied)'
          : `cannot be created (${code})`;
    throw new ConfigError(`Invalid configuration: DATA_DIR: ${dataDir} ${why}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${join(dataDir, 'app.sqlite')}`,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    /**
     * Wraps the personal-data keys (lib/personal-data/): PERSONAL_DATA_KEY, or else a key file in
     * DATA_DIR made at first start, which a backup never holds (keep it apart from the backups).
     */
    personalDataKey: e.PERSONAL_DATA_KEY
      ? { source: 'env' as const, key: Buffer.from(e.PERSONAL_DATA_KEY, 'base64') }
      : { source: 'file' as const, file: join(dataDir, PERSONAL_DATA_KEY_FILE) },
    tokenTtlSeconds: e.TOKEN_TTL_MINUTES * 60,
    keepLoginTtlSeconds: e.TOKEN_KEEP_LOGIN_DAYS * 86400,
    /** Absolute session lifetimes, counted from sign-in: renewals never take a token past them. */
    sessionMaxAgeSeconds: { keepLogin: e.SESSION_MAX_AGE_DAYS * 86400, short: e.SESSION_SHORT_MAX_AGE_HOURS * 3600 },
    firstAdmin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    recaptcha: {
      siteKey: e.RECAPTCHA_SITE_KEY ?? null,
      secret: e.RECAPTCHA_SECRET,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
      minScore: e.RECAPTCHA_MIN_SCORE,
    },
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: {
      perAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
      slowdownMaxSeconds: e.LOGIN_SLOWDOWN_MAX_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    /** Social sign-in (issue 10): a provider is on when its client id and secret are set; every endpoint is configurable. */
    oauth: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              authorizeUrl: e.GOOGLE_AUTHORIZE_URL,
              tokenUrl: e.GOOGLE_TOKEN_URL,
              jwksUrl: e.GOOGLE_JWKS_URL,
              issuer: e.GOOGLE_ISSUER,
            }
          : null,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? {
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
              authorizeUrl: e.FACEBOOK_AUTHORIZE_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              meUrl: e.FACEBOOK_ME_URL,
            }
          : null,
      line:
        e.LINE_CLIENT_ID && e.LINE_CLIENT_SECRET
          ? {
              clientId: e.LINE_CLIENT_ID,
              clientSecret: e.LINE_CLIENT_SECRET,
              authorizeUrl: e.LINE_AUTHORIZE_URL,
              tokenUrl: e.LINE_TOKEN_URL,
              issuer: e.LINE_ISSUER,
            }
          : null,
    },
    integrations: {
      line: { accessToken: e.LINE_MESSAGING_ACCESS_TOKEN ?? null, baseUrl: e.LINE_MESSAGING_API_URL },
      drive: { keyFile: e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE ?? null, driveUrl: e.GOOGLE_DRIVE_API_URL },
    },
    jobs: {
      certificateReminderAt: e.CERTIFICATE_REMINDER_TIME === 'off' ? null : e.CERTIFICATE_REMINDER_TIME,
      auditChainAt: e.AUDIT_CHAIN_TIME === 'off' ? null : e.AUDIT_CHAIN_TIME,
      keptFilesSweepAt: e.KEPT_FILES_SWEEP_TIME === 'off' ? null : e.KEPT_FILES_SWEEP_TIME,
      personalDataRetentionAt: e.PERSONAL_DATA_RETENTION_TIME === 'off' ? null : e.PERSONAL_DATA_RETENTION_TIME,
      complianceRecomputeAt: e.COMPLIANCE_RECOMPUTE_TIME === 'off' ? null : e.COMPLIANCE_RECOMPUTE_TIME,
      checkMs: e.JOB_CHECK_MS,
      minuteTaskMs: e.MINUTE_TASK_MS,
      workRunTestPauseMs: e.WORK_RUN_TEST_PAUSE_MS,
    },
    history: { retentionDays: e.HISTORY_RETENTION_DAYS },
    audit: { anchorMailTo: e.AUDIT_ANCHOR_MAIL ?? null, anchorEvery: e.AUDIT_ANCHOR_EVERY },
    mail: {
      smtpUrl: e.SMTP_URL,
      /** smtp:// without STARTTLS allowed (a local relay); otherwise TLS is required (docs/identity.md). */
      allowPlain: e.SMTP_ALLOW_PLAIN,
      from: e.MAIL_FROM?.trim() || null,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      timeoutMs: e.SMTP_TIMEOUT_MS,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET ?? '',
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        timeoutMs: e.S3_TIMEOUT_MS,
      },
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    imageMaxPixels: e.IMAGE_MAX_PIXELS,
    imageMaxFrames: e.IMAGE_MAX_FRAMES,
    imageMaxAnimationPixels: e.IMAGE_MAX_ANIMATION_PIXELS,
    imageQueue: { concurrency: e.IMAGE_QUEUE_CONCURRENCY, maxWaiting: e.IMAGE_QUEUE_MAX_WAITING ?? 2 * e.IMAGE_QUEUE_CONCURRENCY },
    signedUrlMaxTtlSeconds: e.SIGNED_URL_MAX_TTL_SECONDS,
    /** Origin of the absolute links the server builds; never taken from a request's Host or X-Forwarded-* headers. */
    publicUrl: (e.PUBLIC_URL ?? listenUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    listenUrl: listenUrl(e.HOST, e.PORT),
    /**
     * The company website (issue 12, docs/content.md): served under `prefix` by the same process, and at
     * the root of `host` when SITE_HOST names one (www. beside admin.). `url` is where its links point
     * (the member mails' links): SITE_URL, else https?://SITE_HOST, else PUBLIC_URL + prefix.
     */
    site: {
      prefix: '/site',
      host: e.SITE_HOST?.toLowerCase() ?? null,
      url: (
        e.SITE_URL ??
        (e.SITE_HOST
          ? `${new URL(e.PUBLIC_URL ?? listenUrl(e.HOST, e.PORT)).protocol}//${e.SITE_HOST}`
          : `${(e.PUBLIC_URL ?? listenUrl(e.HOST, e.PORT)).replace(/\/+$/, '')}/site`)
      ).replace(/\/+$/, ''),
    },
    logLevel: e.LOG_LEVEL,
    logFiles: {
      /** Where the log files go; "off": stdout only. */
      dir: e.LOG_DIR === 'off' ? null : resolve(repositoryRoot(), e.LOG_DIR ?? join(dataDir, 'logs')),
      maxBytes: Math.round(e.LOG_FILE_MAX_MB * 1024 * 1024),
      keep: e.LOG_FILE_KEEP,
    },
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** The address printed at start-up: localhost for a wildcard HOST, else the HOST itself. */
function listenUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '[::]', ''].includes(host) ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The generated key-encryption key of personal data in DATA_DIR (a backup leaves it out). */
export const PERSONAL_DATA_KEY_FILE = 'personal-data.key';

/** The generated signing secret's file in DATA_DIR (a backup archives it). */
export const JWT_SECRET_FILE = 'jwt-secret';

/** Embedded mode: a random signing secret kept in DATA_DIR so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
