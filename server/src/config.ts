import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { BlockList } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { sm2 } from 'sm-crypto-v2';
import { z } from 'zod';
import { networksOf } from './core/outbound.js';

/** The example secret printed in the README; production refuses to start with it. */
export const README_EXAMPLE_SECRET = 'change-me-to-a-long-random-string-of-32-bytes-or-more';
export const DEFAULT_ADMIN_PASSWORD = 'admin';
export const DEFAULT_CLIENT_ID = 'saber';
export const DEFAULT_CLIENT_SECRET = 'saber_secret';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));
const seconds = z.coerce.number().int().positive();
/** A retention in days; 0 keeps everything. */
const days = z.coerce.number().int().min(0).max(36_500);

/** Every environment variable the server reads, with its default; the README's table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  DATA_KEY: z.string().optional(),
  DATA_KEY_PREVIOUS: z.string().optional(),
  SM2_PRIVATE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
    .optional(),
  REDIS_URL: z.string().optional(),
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16, 'must be at least 16 characters')]).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('blade:'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  SMS_CUSTOM_ENDPOINTS: flag.default(false),
  OUTBOUND_PRIVATE_ALLOWED: flag.default(false),
  OUTBOUND_ALLOWED_NETWORKS: z.string().default(''),
  SEED_DEMO: flag.default(true),
  LEAVE_HR_DAYS: z.coerce.number().int().min(0).default(3),
  FLOW_TIMER_MIN_SECONDS: z.coerce.number().min(0.05).max(86_400).default(60),
  FLOW_TIMER_MAX_FIRINGS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  FLOW_TIMER_TENANT_RUN_MAX: z.coerce.number().int().min(1).max(10_000).default(50),
  JOBS_ENABLED: flag.default(true),
  JOB_TICK_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOB_RUN_RETENTION_DAYS: days.default(30),
  JOB_RUN_KEEP: z.coerce.number().int().min(10).max(1_000_000).default(1000),
  ORDER_UNPAID_CLOSE_MINUTES: z.coerce.number().int().min(1).max(525_600).default(30),
  API_LOG_RETENTION_DAYS: days.default(30),
  USUAL_LOG_RETENTION_DAYS: days.default(180),
  ERROR_LOG_RETENTION_DAYS: days.default(90),
  LOGIN_LOG_RETENTION_DAYS: days.default(180),
  HISTORY_RETENTION_DAYS: days.default(180),
  LOG_FLUSH_MS: z.coerce.number().int().positive().default(500),
  REPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REPORT_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  JWT_ISSUER: z.string().default('blade-mall-admin'),
  ACCESS_TOKEN_TTL: seconds.default(3600),
  REFRESH_TOKEN_TTL: seconds.default(7 * 24 * 3600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_SECONDS: seconds.default(300),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  SM2_REPLAY_SECONDS: seconds.default(30 * 24 * 3600),
  LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(60),
  LOGIN_RATE_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  LOGIN_RATE_WINDOW: seconds.default(60),
  CAPTCHA_TTL: seconds.default(300),
  CAPTCHA_MODE: flag.default(false),
  TENANT_MODE: flag.default(false),
  SWITCH_MODE: flag.default(false),
  TOKEN_TIME: seconds.default(3000),
  CORS_ORIGINS: z.string().default(''),
  // Where Saber 4.x is served (may frame our pages) and where a browser reaches our web (docs/saber.md).
  SABER_URL: z.union([z.literal(''), z.string().url()]).default(''),
  WEB_URL: z.union([z.literal(''), z.string().url()]).default(''),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  ADMIN_PASSWORD: z.string().min(1).default(DEFAULT_ADMIN_PASSWORD),
  CLIENT_ID: z.string().min(1).default(DEFAULT_CLIENT_ID),
  CLIENT_SECRET: z.string().min(1).default(DEFAULT_CLIENT_SECRET),
  TIME_ZONE: z.string().default('Asia/Shanghai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PASSWORD_HASH_MEMORY: z.coerce.number().int().min(1024).default(19456),
  LIST_COUNT_CACHE: flag.default(true),
  DATABASE_PREPARE: flag.default(true),
});

export interface Config {
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
  /** Key material for secrets stored in the database (storage and SMS keys). */
  dataKey: string;
  /** The key being rotated out: values it sealed still open and are sealed again at start-up. */
  dataKeyPrevious: string | undefined;
  /** SM2 private key (hex) that opens passwords encrypted by Saber 4.x clients with its public key. */
  sm2PrivateKey: string;
  /** Shared state for several processes (captcha, counters, rate limits, notices); none = in process. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so deployments can share one Redis. */
  redisPrefix: string;
  /** A scraper's bearer token for /metrics (the platform administrator's token is taken too). */
  metricsToken: string | undefined;
  uploadMaxBytes: number;
  /** How often buffered log rows are written. */
  logFlushMs: number;
  /** Honour the API address of SMS configurations (tests, proxies); off, providers' own addresses only. */
  smsCustomEndpoints: boolean;
  /** Addresses tenants set (storage, SMS, data sources) may reach private networks (tests, on-premise). */
  outboundPrivateAllowed: boolean;
  /** Private networks tenants' addresses may reach all the same. */
  outboundAllowedNetworks: BlockList;
  /** Seed the demo shop into the administrator tenant once (never in production). */
  seedDemo: boolean;
  /** Leaves longer than this many days also need HR's approval. */
  leaveHrDays: number;
  /** Bounds on workflow timers, so no diagram can keep the timers job (or the server) busy. */
  flowTimers: FlowTimerLimits;
  /** The job scheduler of this process (modules/job). */
  jobs: {
    /** Off: this process runs no scheduled job; others on the same database still do. */
    enabled: boolean;
    /** How often due runs are looked for, milliseconds. */
    tickMs: number;
    /** A run whose process sends no heartbeat for this long is marked failed, seconds. */
    leaseSeconds: number;
    /** Runs one process executes at once. */
    concurrency: number;
    /** Run history older than this is removed (0: kept), days. */
    runRetentionDays: number;
    /** At most this many runs are kept per job. */
    runKeep: number;
  };
  /** An order left unpaid this long is closed and its stock returned, minutes. */
  orderUnpaidCloseMinutes: number;
  /** Days API, usual and error log rows are kept (0: kept for ever). */
  logRetentionDays: { api: number; usual: number; error: number; login: number };
  /** Days change history is kept, and removed rows are listed in the recycle bin (0: for ever). */
  historyRetentionDays: number;
  /** Longest time a report query may keep its database busy, milliseconds. */
  reportTimeoutMs: number;
  /** Most rows a report export writes; a query with more is refused. */
  reportExportMaxRows: number;
  jwtIssuer: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Failed sign-ins of one account after which its sign-in asks for a captcha (never refuses its owner). */
  loginMaxFailures: number;
  /** Seconds failures are counted over, and an account keeps asking for a captcha after the last one. */
  loginLockSeconds: number;
  /** Failed sign-ins from one address within loginLockSeconds after which that address gets 429. */
  loginAddressMaxFailures: number;
  /** Seconds an SM2-encrypted password that signed in is remembered, and refused if sent again. */
  sm2ReplaySeconds: number;
  loginRatePerIp: number;
  loginRatePerAccount: number;
  loginRateWindow: number;
  captchaTtl: number;
  captchaMode: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  tokenTime: number;
  corsOrigins: string[];
  /** The origin Saber 4.x is served from: it may frame our pages (docs/saber.md). */
  saberOrigin: string | undefined;
  /** The origin a browser reaches our web at; unset, the address a request came to. */
  webOrigin: string | undefined;
  bodyLimit: number;
  adminPassword: string;
  clientId: string;
  clientSecret: string;
  timeZone: string;
  logLevel: string;
  webDist: string;
  passwordHashMemory: number;
  /** Keep list totals in memory until their table is written (off: every page reads its total). */
  listCountCache: boolean;
  /** PostgreSQL: keep repeated statements prepared per connection (off behind a pooler that cannot). */
  databasePrepare: boolean;
}

/** Bounds on workflow timers (config.flowTimers). */
export interface FlowTimerLimits {
  /** No timer fires sooner than this after the step that set it, seconds; shorter loops are refused. */
  minSeconds: number;
  /** Timer firings one process instance may have; the next ends it as failed. */
  maxFirings: number;
  /** Timers one tenant may have fired per run of the timers job; the rest wait for the next run. */
  tenantRunMax: number;
}

export class ConfigError extends Error {}

/**
 * Reads the configuration from the environment. In production a missing or weak signing secret,
 * or any default credential, stops start-up; in the embedded mode a secret is generated once
 * and kept under DATA_DIR so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL || `sqlite:${join(e.DATA_DIR, 'app.db')}`;

  if (isProduction) {
    if (!e.JWT_SECRET) throw new ConfigError('JWT_SECRET must be set in production.');
    if (Buffer.byteLength(e.JWT_SECRET) < 32)
      throw new ConfigError('JWT_SECRET must be at least 32 bytes long in production.');
    if (e.JWT_SECRET === README_EXAMPLE_SECRET)
      throw new ConfigError('JWT_SECRET is the README example value; generate your own secret.');
    if (!e.DATA_KEY || Buffer.byteLength(e.DATA_KEY) < 32)
      throw new ConfigError(
        'DATA_KEY must be set to at least 32 bytes in production (it encrypts stored keys).',
      );
    if (e.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD)
      throw new ConfigError('ADMIN_PASSWORD must be set to something other than the default in production.');
    if (e.CLIENT_SECRET === DEFAULT_CLIENT_SECRET)
      throw new ConfigError('CLIENT_SECRET must be set to something other than the default in production.');
  }

  return {
    isProduction,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir, 'jwt-secret'),
    dataKey: e.DATA_KEY ?? embeddedSecret(dataDir, 'data-key'),
    dataKeyPrevious: e.DATA_KEY_PREVIOUS || undefined,
    sm2PrivateKey: (
      e.SM2_PRIVATE_KEY ??
      embeddedSecret(dataDir, 'sm2-private-key', () => sm2.generateKeyPairHex().privateKey)
    ).toLowerCase(),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN || undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logFlushMs: e.LOG_FLUSH_MS,
    smsCustomEndpoints: e.SMS_CUSTOM_ENDPOINTS,
    outboundPrivateAllowed: e.OUTBOUND_PRIVATE_ALLOWED,
    outboundAllowedNetworks: allowedNetworks(e.OUTBOUND_ALLOWED_NETWORKS),
    seedDemo: e.SEED_DEMO && !isProduction,
    leaveHrDays: e.LEAVE_HR_DAYS,
    flowTimers: {
      minSeconds: e.FLOW_TIMER_MIN_SECONDS,
      maxFirings: e.FLOW_TIMER_MAX_FIRINGS,
      tenantRunMax: e.FLOW_TIMER_TENANT_RUN_MAX,
    },
    jobs: {
      enabled: e.JOBS_ENABLED,
      tickMs: e.JOB_TICK_MS,
      leaseSeconds: e.JOB_LEASE_SECONDS,
      concurrency: e.JOB_CONCURRENCY,
      runRetentionDays: e.JOB_RUN_RETENTION_DAYS,
      runKeep: e.JOB_RUN_KEEP,
    },
    orderUnpaidCloseMinutes: e.ORDER_UNPAID_CLOSE_MINUTES,
    logRetentionDays: {
      api: e.API_LOG_RETENTION_DAYS,
      usual: e.USUAL_LOG_RETENTION_DAYS,
      error: e.ERROR_LOG_RETENTION_DAYS,
      login: e.LOGIN_LOG_RETENTION_DAYS,
    },
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    reportTimeoutMs: e.REPORT_TIMEOUT_MS,
    reportExportMaxRows: e.REPORT_EXPORT_MAX_ROWS,
    jwtIssuer: e.JWT_ISSUER,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockSeconds: e.LOGIN_LOCK_SECONDS,
    loginAddressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    sm2ReplaySeconds: e.SM2_REPLAY_SECONDS,
    loginRatePerIp: e.LOGIN_RATE_PER_IP,
    loginRatePerAccount: e.LOGIN_RATE_PER_ACCOUNT,
    loginRateWindow: e.LOGIN_RATE_WINDOW,
    captchaTtl: e.CAPTCHA_TTL,
    captchaMode: e.CAPTCHA_MODE,
    tenantMode: e.TENANT_MODE,
    switchMode: e.SWITCH_MODE,
    tokenTime: e.TOKEN_TIME,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    saberOrigin: e.SABER_URL ? new URL(e.SABER_URL).origin : undefined,
    webOrigin: e.WEB_URL ? new URL(e.WEB_URL).origin : undefined,
    bodyLimit: e.BODY_LIMIT,
    adminPassword: e.ADMIN_PASSWORD,
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    timeZone: e.TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolvePath(e.WEB_DIST) : resolve(import.meta.dirname, '..', '..', 'web', 'dist'),
    passwordHashMemory: e.PASSWORD_HASH_MEMORY,
    listCountCache: e.LIST_COUNT_CACHE,
    databasePrepare: e.DATABASE_PREPARE,
  };
}

function allowedNetworks(text: string): BlockList {
  try {
    return networksOf(text);
  } catch (error) {
    throw new ConfigError(
      `Invalid environment variable OUTBOUND_ALLOWED_NETWORKS: ${(error as Error).message}`,
    );
  }
}

function resolvePath(p: string): string {
  return isAbsolute(p) ? p : resolve(p);
}

function embeddedSecret(
  dataDir: string,
  name: string,
  generate: () => string = () => randomBytes(48).toString('base64url'),
): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
