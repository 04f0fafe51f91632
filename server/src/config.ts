import { DEFAULT_BUSINESS_TIMEZONE } from '@instalment/contract/format';
import path from 'node:path';
import { parseDataKeys, type DataKeys } from './db/field-cipher';

/** Where the server package lives, so default paths do not depend on the working directory. */
export const SERVER_ROOT = path.resolve(__dirname, '..');

export type ApprovalMode = 'auto' | 'delay' | 'manual';
/** Where SMS goes: Aliyun's SendSms, or the development outbox (refused in production). */
export type SmsProviderName = 'aliyun' | 'outbox';
/** Who takes the money: Alipay, or the sandbox gateway where no money moves (refused in production). */
export type PaymentProviderName = 'alipay' | 'sandbox';

/** Aliyun SMS (dysmsapi 2017-05-25). Template codes are the console's; their texts are fixed there. */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with `${code}`: every verification code. */
  templateCode: string;
  /** A template for the reminder before a due date (`${order}`, `${period}`, `${amount}`, `${date}`); null: not sent. */
  dueTemplateCode: string | null;
  /** A template for the reminder the day after an unpaid due date (same parameters); null: not sent. */
  overdueTemplateCode: string | null;
  /** host[:port] or an http(s) URL; tests point it at a loopback fake. */
  endpoint: string;
  /** How long a message may take to reach Aliyun before it counts as not sent. */
  timeoutMs: number;
}

/** Alipay's open platform (RSA2). Keys are PEM (or the bare base64 the console shows). */
export interface AlipaySettings {
  appId: string;
  /** The app's private key: it signs every request. */
  privateKey: string;
  /** Alipay's public key: it verifies every notify and answer. */
  alipayPublicKey: string;
  /** The gateway (`https://openapi.alipay.com/gateway.do`); tests point it at a loopback fake. */
  gateway: string;
}

/** Where uploaded files are kept: a folder (UPLOAD_DIR), or an S3-compatible bucket (Aliyun OSS, MinIO, AWS). */
export type StorageName = 'local' | 's3';

/** An S3-compatible bucket. Empty strings are settings left unset, which `productionProblems` names. */
export interface S3Settings {
  /** The service's URL (`https://oss-cn-hangzhou.aliyuncs.com`, MinIO's); null: AWS's for the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: MinIO and most self-hosted services want it. */
  forcePathStyle: boolean;
}

/** What STORAGE=s3 cannot do without, by the variable that sets it. */
const S3_REQUIRED: Record<'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey', string> = {
  region: 'S3_REGION',
  bucket: 'S3_BUCKET',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
};

export const ALIYUN_SMS_ENDPOINT = 'dysmsapi.aliyuncs.com';
/** A person waiting for a code is told within this that it was not sent. */
export const ALIYUN_SMS_TIMEOUT_MS = 5_000;
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export type RuntimeEnv = 'development' | 'production' | 'test';

/**
 * Which browser origins the server trusts: `'localhost'` means any port of localhost,
 * 127.0.0.1 or [::1] (the shell and each remote run on their own port in development).
 */
export type OriginRule = 'localhost' | '*' | readonly string[];

export interface AppConfig {
  env: RuntimeEnv;
  host: string;
  port: number;
  /** SQLite file, or ':memory:' for a database that lives as long as the process. */
  databaseFile: string;
  /** postgres://… : PostgreSQL instead of the SQLite file (several API processes may share it). */
  databaseUrl: string | null;
  storage: StorageName;
  /** Stored uploads when `storage` is 'local'; null: `uploads/` beside the database file, or a temporary folder for ':memory:'. */
  uploadDir: string | null;
  /** Set when `storage` is 's3'. */
  s3: S3Settings | null;
  /** Absolute base URL of this server as browsers reach it; null: http://host:port as bound (never the request's Host). */
  publicUrl: string | null;
  /** Origins allowed to call the API from a browser (CORS). */
  corsOrigins: OriginRule;
  /** Origins of the app that the sandbox gateway may send the browser back to. */
  appOrigins: OriginRule;
  /** Hosts whose https images a news article may take as its cover (lower case); none: only images served here. */
  newsImageHosts: readonly string[];
  approvalMode: ApprovalMode;
  /** In 'delay' mode, how long an application stays pending before it is approved. */
  approvalDelaySeconds: number;
  /** Confirm payment proofs at once instead of leaving them pending review. */
  autoConfirmVouchers: boolean;
  tokenTtlSeconds: number;
  /** Each account's credit line unless it has its own: the most principal it may owe at once. */
  creditLimitFen: number;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (the key of every
   * per-address limit): false (none: the socket's address), or their addresses.
   */
  trustProxy: false | string[];
  /** The /dev/* helpers (SMS outbox, ageing loans…): only when asked for, never in production. */
  devRoutes: boolean;
  /** Key of the signed links to uploaded files; null: a random one per process (refused in production). */
  fileUrlSecret: string | null;
  /** The keys of personal fields at rest (DATA_KEYS, DATA_INDEX_KEY); null: fixed development keys (refused in production). */
  dataKeys: DataKeys | null;
  smsProvider: SmsProviderName;
  /** Set when `smsProvider` is 'aliyun'. */
  aliyun: AliyunSmsSettings | null;
  paymentProvider: PaymentProviderName;
  /** Set when `paymentProvider` is 'alipay'. */
  alipay: AlipaySettings | null;
  /** How long the background lease lasts unrenewed: a dead holder's work moves to another process after this. */
  backgroundLeaseSeconds: number;
  /**
   * How long a stop (SIGTERM) may take: the first third (at most 5 s) the process answers
   * `/health/ready` 503 while still serving, so the load balancer stops sending to it; then it
   * stops listening and finishes the requests in flight. Past it, the process exits 1.
   */
  shutdownGraceSeconds: number;
  /** Where Prometheus reads `/metrics`: a port of its own on HOST, never the public one; none when unset. */
  metricsPort: number | null;
  /** scrypt cost as log2(N); r = 8, p = 1. OWASP's recommendation is 17; tests lower it to run fast. */
  passwordCostLog2: number;
  /** The IANA zone of the lender's books: the calendar days of the console's filters and the times of its exports. */
  businessTimezone: string;
  /** How long a closed account's loan and payment records are kept (read-only) before the retention job erases them. */
  retentionYears: number;
  limits: Limits;
}

/** Every abuse limit of the API (server/README.md lists each with its variable). */
export interface Limits {
  /** Wrong passwords per account (username and phone count as one) before its password login rests. */
  loginFailuresPerAccount: number;
  /** Failed logins per client address, whatever the accounts. */
  loginFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
  /** Requests per client address within `addressWindowSeconds`. */
  smsSendsPerAddress: number;
  registrationsPerAddress: number;
  loginsPerAddress: number;
  uploadsPerAddress: number;
  addressWindowSeconds: number;
  /** Wait between two codes for one phone and event. */
  smsResendSeconds: number;
  smsCodesPerPhonePerDay: number;
  uploadBytesPerUserPerDay: number;
  openChunkSessionsPerUser: number;
  /** Chunks neither merged nor cleaned within this time are dropped. */
  staleChunkSeconds: number;
  chunkSweepSeconds: number;
  /** Lifetime of a signed link to an uploaded file. */
  fileUrlTtlSeconds: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginFailuresPerAccount: 5,
  loginFailuresPerAddress: 100,
  loginFailureWindowSeconds: 15 * 60,
  smsSendsPerAddress: 30,
  registrationsPerAddress: 30,
  loginsPerAddress: 300,
  uploadsPerAddress: 600,
  addressWindowSeconds: 10 * 60,
  smsResendSeconds: 60,
  smsCodesPerPhonePerDay: 10,
  uploadBytesPerUserPerDay: 50 * 1024 * 1024,
  openChunkSessionsPerUser: 5,
  staleChunkSeconds: 24 * 3600,
  chunkSweepSeconds: 3600,
  fileUrlTtlSeconds: 3600,
};

/** Environment variable of each limit. */
const LIMIT_VARIABLES: Record<keyof Limits, string> = {
  loginFailuresPerAccount: 'LOGIN_FAILURES_PER_ACCOUNT',
  loginFailuresPerAddress: 'LOGIN_FAILURES_PER_ADDRESS',
  loginFailureWindowSeconds: 'LOGIN_FAILURE_WINDOW_SECONDS',
  smsSendsPerAddress: 'SMS_SENDS_PER_ADDRESS',
  registrationsPerAddress: 'REGISTRATIONS_PER_ADDRESS',
  loginsPerAddress: 'LOGINS_PER_ADDRESS',
  uploadsPerAddress: 'UPLOADS_PER_ADDRESS',
  addressWindowSeconds: 'ADDRESS_WINDOW_SECONDS',
  smsResendSeconds: 'SMS_RESEND_SECONDS',
  smsCodesPerPhonePerDay: 'SMS_CODES_PER_PHONE_PER_DAY',
  uploadBytesPerUserPerDay: 'UPLOAD_BYTES_PER_USER_PER_DAY',
  openChunkSessionsPerUser: 'OPEN_CHUNK_SESSIONS_PER_USER',
  staleChunkSeconds: 'STALE_CHUNK_SECONDS',
  chunkSweepSeconds: 'CHUNK_SWEEP_SECONDS',
  fileUrlTtlSeconds: 'FILE_URL_TTL_SECONDS',
};

export const DEFAULT_CONFIG: AppConfig = {
  env: 'development',
  host: 'localhost',
  port: 3100,
  databaseFile: path.join(SERVER_ROOT, 'data', 'instalment.db'),
  databaseUrl: null,
  storage: 'local',
  uploadDir: null,
  s3: null,
  publicUrl: null,
  corsOrigins: 'localhost',
  appOrigins: 'localhost',
  newsImageHosts: [],
  approvalMode: 'auto',
  approvalDelaySeconds: 60,
  autoConfirmVouchers: false,
  tokenTtlSeconds: 30 * 24 * 3600,
  creditLimitFen: 5_000_000,
  logLevel: 'info',
  trustProxy: false,
  devRoutes: false,
  fileUrlSecret: null,
  dataKeys: null,
  smsProvider: 'outbox',
  aliyun: null,
  paymentProvider: 'sandbox',
  alipay: null,
  backgroundLeaseSeconds: 30,
  shutdownGraceSeconds: 15,
  metricsPort: null,
  passwordCostLog2: 17,
  businessTimezone: DEFAULT_BUSINESS_TIMEZONE,
  retentionYears: 5,
  limits: DEFAULT_LIMITS,
};

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) throw new Error(`${name} must be one of ${allowed.join(', ')}, not "${raw}".`);
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, not "${raw}".`);
}

/** "localhost", "*", or a comma-separated list of origins such as "https://app.example.com". */
export function parseOrigins(name: string, raw: string | undefined, fallback: OriginRule): OriginRule {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim();
  if (value === 'localhost' || value === '*') return value;
  return value.split(',').map((item) => {
    try {
      const url = new URL(item.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
      return url.origin;
    } catch {
      throw new Error(`${name} lists "${item.trim()}", which is not an http(s) origin.`);
    }
  });
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originAllowed(rule: OriginRule, origin: string): boolean {
  if (rule === '*') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (rule === 'localhost') return LOCAL_HOSTS.has(url.hostname);
  return rule.includes(url.origin);
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** NEWS_IMAGE_HOSTS: a comma-separated list of host names such as `img.example.com`. */
function hostsOf(raw: string | undefined): readonly string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((item) => {
    const host = item.trim().toLowerCase();
    if (!HOST_NAME.test(host)) throw new Error(`NEWS_IMAGE_HOSTS lists "${item.trim()}", which is not a host name.`);
    return host;
  });
}

/** TRUST_PROXY: a comma-separated list of proxy addresses or CIDR ranges. */
function proxiesOf(raw: string | undefined): AppConfig['trustProxy'] {
  if (raw === undefined || raw.trim() === '') return false;
  const list = raw.split(',').map((item) => item.trim());
  if (list.some((item) => !/^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(item))) {
    throw new Error(`TRUST_PROXY must be a list of proxy addresses or CIDR ranges, not "${raw}".`);
  }
  return list;
}

function limitsOf(env: Env): Limits {
  const entries = Object.entries(LIMIT_VARIABLES) as Array<[keyof Limits, string]>;
  return Object.fromEntries(entries.map(([key, name]) => [key, integer(env, name, DEFAULT_LIMITS[key], 1, 2 ** 40)])) as unknown as Limits;
}

/**
 * What production must not run without: anything a default would leave open there. buildApp
 * checks it too, so a deployment that builds the app itself cannot skip it.
 */
export function productionProblems(config: AppConfig): string[] {
  const problems = providerProblems(config);
  if (config.env !== 'production') return problems;
  if (config.devRoutes) problems.push('DEV_ROUTES cannot be on in production.');
  if (config.smsProvider === 'outbox')
    problems.push('SMS_PROVIDER must be aliyun in production: the development outbox is read by nobody.');
  if (config.paymentProvider === 'sandbox')
    problems.push('PAYMENT_PROVIDER must be alipay in production: the sandbox gateway moves no money.');
  if (!config.fileUrlSecret) problems.push('FILE_URL_SECRET must be set in production (at least 32 characters).');
  if (!config.dataKeys)
    problems.push('DATA_KEYS (and DATA_INDEX_KEY) must be set in production: ID numbers and bank cards are encrypted with them.');
  if (!config.publicUrl) problems.push('PUBLIC_URL must be set in production.');
  if (config.corsOrigins === 'localhost' || config.corsOrigins === '*')
    problems.push("CORS_ORIGINS must list the app's origins in production.");
  if (config.appOrigins === 'localhost' || config.appOrigins === '*') problems.push("APP_URL must list the app's origins in production.");
  if (config.passwordCostLog2 < DEFAULT_CONFIG.passwordCostLog2)
    problems.push(`PASSWORD_COST_LOG2 cannot be below ${DEFAULT_CONFIG.passwordCostLog2} in production.`);
  if (config.retentionYears < DEFAULT_CONFIG.retentionYears)
    problems.push(`RETENTION_YEARS cannot be below ${DEFAULT_CONFIG.retentionYears} in production: loan records must be kept that long.`);
  return problems;
}

/** A provider chosen without the settings it needs, in any environment. */
function providerProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  if (config.smsProvider === 'aliyun' && !config.aliyun) problems.push('SMS_PROVIDER=aliyun needs its settings.');
  if (config.paymentProvider === 'alipay' && !config.alipay) problems.push('PAYMENT_PROVIDER=alipay needs its settings.');
  if (config.storage === 's3') {
    const missing = Object.entries(S3_REQUIRED)
      .filter(([key]) => !config.s3?.[key as keyof typeof S3_REQUIRED])
      .map(([, name]) => name);
    if (missing.length > 0) problems.push(`STORAGE=s3 needs ${missing.join(', ')}: every uploaded file is kept in that bucket.`);
  }
  return problems;
}

/** A setting a chosen provider cannot do without: its absence is a start-up error naming it. */
function required(env: Env, name: string, why: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} must be set: ${why}.`);
  return value;
}

function aliyunOf(env: Env): AliyunSmsSettings {
  const why = 'SMS_PROVIDER=aliyun sends codes through Aliyun SMS';
  return {
    accessKeyId: required(env, 'ALIYUN_ACCESS_KEY_ID', why),
    accessKeySecret: required(env, 'ALIYUN_ACCESS_KEY_SECRET', why),
    signName: required(env, 'ALIYUN_SMS_SIGN_NAME', why),
    templateCode: required(env, 'ALIYUN_SMS_TEMPLATE_CODE', why),
    dueTemplateCode: env.ALIYUN_SMS_DUE_TEMPLATE_CODE?.trim() || null,
    overdueTemplateCode: env.ALIYUN_SMS_OVERDUE_TEMPLATE_CODE?.trim() || null,
    endpoint: env.ALIYUN_SMS_ENDPOINT?.trim() || ALIYUN_SMS_ENDPOINT,
    timeoutMs: ALIYUN_SMS_TIMEOUT_MS,
  };
}

/** An env file keeps a PEM on one line, its breaks written as \n. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

function alipayOf(env: Env): AlipaySettings {
  const why = 'PAYMENT_PROVIDER=alipay signs every payment with the app key and checks every notify with Alipay’s';
  return {
    appId: required(env, 'ALIPAY_APP_ID', why),
    privateKey: pem(required(env, 'ALIPAY_PRIVATE_KEY', why)),
    alipayPublicKey: pem(required(env, 'ALIPAY_PUBLIC_KEY', why)),
    gateway: env.ALIPAY_GATEWAY ? baseUrl('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY) : ALIPAY_GATEWAY,
  };
}

/** The bucket's settings as given; the missing ones are named by `productionProblems`, all at once. */
function s3Of(env: Env): S3Settings {
  const text = (name: string) => env[name]?.trim() ?? '';
  return {
    endpoint: text('S3_ENDPOINT') ? baseUrl('S3_ENDPOINT', text('S3_ENDPOINT')) : null,
    region: text(S3_REQUIRED.region),
    bucket: text(S3_REQUIRED.bucket),
    accessKeyId: text(S3_REQUIRED.accessKeyId),
    secretAccessKey: text(S3_REQUIRED.secretAccessKey),
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

/** The configuration from environment variables (README of server/ lists them). */
export function loadConfig(env: Env = process.env): AppConfig {
  const secret = env.FILE_URL_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) throw new Error('FILE_URL_SECRET must be at least 32 characters.');
  const databaseFile = env.DATABASE_FILE
    ? env.DATABASE_FILE === ':memory:'
      ? ':memory:'
      : path.resolve(env.DATABASE_FILE)
    : DEFAULT_CONFIG.databaseFile;
  const smsProvider = oneOf(env, 'SMS_PROVIDER', ['aliyun', 'outbox'], DEFAULT_CONFIG.smsProvider);
  const paymentProvider = oneOf(env, 'PAYMENT_PROVIDER', ['alipay', 'sandbox'], DEFAULT_CONFIG.paymentProvider);
  const storage = oneOf(env, 'STORAGE', ['local', 's3'], DEFAULT_CONFIG.storage);
  return {
    env: oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], DEFAULT_CONFIG.env),
    host: env.HOST || DEFAULT_CONFIG.host,
    port: integer(env, 'PORT', DEFAULT_CONFIG.port, 0, 65535),
    databaseFile,
    databaseUrl: databaseUrlOf(env.DATABASE_URL),
    storage,
    uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : null,
    s3: storage === 's3' ? s3Of(env) : null,
    publicUrl: env.PUBLIC_URL ? baseUrl('PUBLIC_URL', env.PUBLIC_URL) : null,
    corsOrigins: parseOrigins('CORS_ORIGINS', env.CORS_ORIGINS, DEFAULT_CONFIG.corsOrigins),
    appOrigins: parseOrigins('APP_URL', env.APP_URL, DEFAULT_CONFIG.appOrigins),
    newsImageHosts: hostsOf(env.NEWS_IMAGE_HOSTS),
    approvalMode: oneOf(env, 'APPROVAL_MODE', ['auto', 'delay', 'manual'], DEFAULT_CONFIG.approvalMode),
    approvalDelaySeconds: integer(env, 'APPROVAL_DELAY_SECONDS', DEFAULT_CONFIG.approvalDelaySeconds, 0, 30 * 24 * 3600),
    autoConfirmVouchers: flag(env, 'AUTO_CONFIRM_VOUCHERS', DEFAULT_CONFIG.autoConfirmVouchers),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', DEFAULT_CONFIG.tokenTtlSeconds, 60, 365 * 24 * 3600),
    creditLimitFen: integer(env, 'CREDIT_LIMIT', DEFAULT_CONFIG.creditLimitFen / 100, 0, 100_000_000) * 100,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    trustProxy: proxiesOf(env.TRUST_PROXY),
    devRoutes: flag(env, 'DEV_ROUTES', DEFAULT_CONFIG.devRoutes),
    fileUrlSecret: secret,
    dataKeys: env.DATA_KEYS?.trim() ? parseDataKeys(env.DATA_KEYS.trim(), env.DATA_INDEX_KEY) : null,
    smsProvider,
    aliyun: smsProvider === 'aliyun' ? aliyunOf(env) : null,
    paymentProvider,
    alipay: paymentProvider === 'alipay' ? alipayOf(env) : null,
    backgroundLeaseSeconds: integer(env, 'BACKGROUND_LEASE_SECONDS', DEFAULT_CONFIG.backgroundLeaseSeconds, 3, 3600),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', DEFAULT_CONFIG.shutdownGraceSeconds, 3, 600),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : null,
    passwordCostLog2: integer(env, 'PASSWORD_COST_LOG2', DEFAULT_CONFIG.passwordCostLog2, 10, 20),
    businessTimezone: timeZoneOf(env.BUSINESS_TIMEZONE),
    retentionYears: integer(env, 'RETENTION_YEARS', DEFAULT_CONFIG.retentionYears, 1, 100),
    limits: limitsOf(env),
  };
}

/** BUSINESS_TIMEZONE: an IANA zone the runtime knows, such as `Asia/Shanghai`. */
function timeZoneOf(raw: string | undefined): string {
  const zone = raw?.trim();
  if (!zone) return DEFAULT_CONFIG.businessTimezone;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`BUSINESS_TIMEZONE must be an IANA time zone such as Asia/Shanghai, not "${raw}".`);
  }
}

function databaseUrlOf(raw: string | undefined): string | null {
  const url = raw?.trim();
  if (!url) return null;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file).');
  return url;
}

/** An absolute http(s) URL without a trailing slash (a path prefix behind a proxy is kept). */
function baseUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, not "${raw}".`);
  }
}
