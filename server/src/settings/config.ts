import path from 'node:path';
import { parseDataKeys, type DataKeys } from '../sealing/field-cipher';
import { baseUrl, databaseUrlOf, hostConfigKeysOf, hostConfigsOf, hostsOf, pem, proxiesOf, releaseFilesOf, timeZoneOf } from './forms';
import { parseOrigins, type OriginRule } from './origins';
import { readSettings, type Env } from './read';
import { LIMITS, type Settings } from './schema';

/**
 * The settings as the code uses them, read from the environment through `settings/schema.ts`,
 * which owns each variable's type, default, range and description.
 */

/** Where the server package lives, so default paths do not depend on the working directory. */
export const SERVER_ROOT = path.resolve(__dirname, '..');

export type ApprovalMode = Settings['APPROVAL_MODE'];
/** Where SMS goes: Aliyun's SendSms, or the development outbox (refused in production). */
export type SmsProviderName = Settings['SMS_PROVIDER'];
/** Who takes the money: Alipay, or the sandbox gateway where no money moves (refused in production). */
export type PaymentProviderName = Settings['PAYMENT_PROVIDER'];
/** Where uploaded files are kept: a folder (UPLOAD_DIR), or an S3-compatible bucket (Aliyun OSS, MinIO, AWS). */
export type StorageName = Settings['STORAGE'];
export type RuntimeEnv = Settings['NODE_ENV'];
export type { OriginRule };

/** Aliyun SMS (dysmsapi 2017-05-25), from the ALIYUN_* variables. */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** null: the reminder before a due date is not sent. */
  dueTemplateCode: string | null;
  /** null: the reminder after an unpaid due date is not sent. */
  overdueTemplateCode: string | null;
  /** The due reminder to a borrower whose agreement will charge it; null: not sent (refused in production with autopay). */
  autopayDueTemplateCode?: string | null;
  /** After a due amount was charged automatically; null: not sent (refused in production with autopay). */
  autopayChargedTemplateCode?: string | null;
  /** After the last attempt to charge a due amount failed; null: not sent (refused in production with autopay). */
  autopayFailedTemplateCode?: string | null;
  endpoint: string;
  /** How long a message may take to reach Aliyun before it counts as not sent. */
  timeoutMs: number;
}

/** Alipay's open platform (RSA2), from the ALIPAY_* variables; keys in PEM. */
export interface AlipaySettings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  /** How long a call may wait for Alipay's answer (5 s unless set): past it, what happened is unknown. */
  timeoutMs?: number;
  /** The withholding agreement's sign scene; Alipay's default unless set. */
  signScene?: string;
}

/** Automatic repayment (AUTOPAY_*): off unless AUTOPAY=1; amounts in fen. */
export interface AutopaySettings {
  enabled: boolean;
  /** Hours of the business day a charge is made at, ascending. */
  hours: readonly number[];
  attempts: number;
  chargeCapFen: number;
  monthlyCapFen: number;
}

/** An S3-compatible bucket. Empty strings are settings left unset, which `productionProblems` names. */
export interface S3Settings {
  /** null: AWS's for the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** What STORAGE=s3 cannot do without, by the variable that sets it. */
const S3_REQUIRED: Record<'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey', string> = {
  region: 'S3_REGION',
  bucket: 'S3_BUCKET',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
};

/** A person waiting for a code is told within this that it was not sent. */
export const ALIYUN_SMS_TIMEOUT_MS = 5_000;

/** Each field is the variable of the same meaning in `settings/schema.ts`; null is the variable left unset. */
export interface AppConfig {
  env: RuntimeEnv;
  host: string;
  port: number;
  /** An absolute path, or ':memory:'. */
  databaseFile: string;
  databaseUrl: string | null;
  storage: StorageName;
  /** null: `uploads/` beside the database file, or a temporary folder for ':memory:'. */
  uploadDir: string | null;
  /** Set when `storage` is 's3'. */
  s3: S3Settings | null;
  /** null: http://host:port as bound (never the request's Host). */
  publicUrl: string | null;
  corsOrigins: OriginRule;
  appOrigins: OriginRule;
  /** Lower case; none: only images served here. */
  newsImageHosts: readonly string[];
  approvalMode: ApprovalMode;
  approvalDelaySeconds: number;
  autoConfirmProofs: boolean;
  tokenTtlSeconds: number;
  /** CREDIT_LIMIT, in fen. */
  creditLimitFen: number;
  logLevel: string;
  /** false: no proxy is believed, the socket's address is the client's. */
  trustProxy: false | string[];
  devRoutes: boolean;
  /** null: a random key per process (refused in production). */
  fileUrlSecret: string | null;
  /** null: fixed development keys (refused in production). */
  dataKeys: DataKeys | null;
  smsProvider: SmsProviderName;
  /** Set when `smsProvider` is 'aliyun'. */
  aliyun: AliyunSmsSettings | null;
  paymentProvider: PaymentProviderName;
  /** Set when `paymentProvider` is 'alipay'. */
  alipay: AlipaySettings | null;
  autopay: AutopaySettings;
  backgroundLeaseSeconds: number;
  shutdownGraceSeconds: number;
  /** null: no metrics server. */
  metricsPort: number | null;
  metricsHost: string;
  passwordCostLog2: number;
  businessTimezone: string;
  /** How long a closed account's loan and payment records are kept (read-only) before the retention job erases them. */
  retentionYears: number;
  /** The hosts' config.json files the release service rewrites; none: releases cannot be changed here. */
  hostConfigs: readonly string[];
  /** With STORAGE=s3: the bucket's keys of the hosts' configs, written instead of `hostConfigs`. */
  hostConfigKeys: readonly string[];
  /** Each remote's builds on this machine, by its container name (`mf_news`). */
  releaseFiles: Readonly<Record<string, string>>;
  /** The views of a canary and of its stable the automatic abort waits for (`CANARY_ABORT.minViews` unless set). */
  releaseAbortMinViews: number;
  /** How many published releases of a remote are kept. */
  releaseKeep: number;
  limits: Limits;
}

/** LOGIN_FAILURES_PER_ACCOUNT → loginFailuresPerAccount. */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<Name>;

/** Every abuse limit of the API, each named after its variable in `LIMITS`. */
export type Limits = { [Name in keyof typeof LIMITS.properties as CamelCase<Name & string>]: number };

const camelCase = (name: string) => name.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

function limitsOf(settings: Settings): Limits {
  const names = Object.keys(LIMITS.properties) as Array<keyof typeof LIMITS.properties>;
  return Object.fromEntries(names.map((name) => [camelCase(name), settings[name]])) as Limits;
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
  const templates = config.aliyun;
  if (
    config.autopay.enabled &&
    templates &&
    !(templates.autopayDueTemplateCode && templates.autopayChargedTemplateCode && templates.autopayFailedTemplateCode)
  )
    problems.push(
      'AUTOPAY=1 needs ALIYUN_SMS_AUTOPAY_DUE_TEMPLATE_CODE, ALIYUN_SMS_AUTOPAY_CHARGED_TEMPLATE_CODE and ALIYUN_SMS_AUTOPAY_FAILED_TEMPLATE_CODE in production: a borrower is told before, after and when a charge fails.',
    );
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
  if (config.hostConfigKeys.length > 0 && config.storage !== 's3')
    problems.push('HOST_CONFIG_KEYS needs STORAGE=s3: they name objects of the bucket.');
  return problems;
}

type Optional = { [Name in keyof Settings]-?: undefined extends Settings[Name] ? Name : never }[keyof Settings];

/** A setting a chosen provider cannot do without: its absence is a start-up error naming it. */
function required(settings: Settings, name: Optional, why: string): string {
  const value = settings[name];
  if (typeof value !== 'string') throw new Error(`${name} must be set: ${why}.`);
  return value;
}

function aliyunOf(settings: Settings): AliyunSmsSettings {
  const why = 'SMS_PROVIDER=aliyun sends codes through Aliyun SMS';
  return {
    accessKeyId: required(settings, 'ALIYUN_ACCESS_KEY_ID', why),
    accessKeySecret: required(settings, 'ALIYUN_ACCESS_KEY_SECRET', why),
    signName: required(settings, 'ALIYUN_SMS_SIGN_NAME', why),
    templateCode: required(settings, 'ALIYUN_SMS_TEMPLATE_CODE', why),
    dueTemplateCode: settings.ALIYUN_SMS_DUE_TEMPLATE_CODE ?? null,
    overdueTemplateCode: settings.ALIYUN_SMS_OVERDUE_TEMPLATE_CODE ?? null,
    autopayDueTemplateCode: settings.ALIYUN_SMS_AUTOPAY_DUE_TEMPLATE_CODE ?? null,
    autopayChargedTemplateCode: settings.ALIYUN_SMS_AUTOPAY_CHARGED_TEMPLATE_CODE ?? null,
    autopayFailedTemplateCode: settings.ALIYUN_SMS_AUTOPAY_FAILED_TEMPLATE_CODE ?? null,
    endpoint: settings.ALIYUN_SMS_ENDPOINT,
    timeoutMs: ALIYUN_SMS_TIMEOUT_MS,
  };
}

function alipayOf(settings: Settings): AlipaySettings {
  const why = 'PAYMENT_PROVIDER=alipay signs every payment with the app key and checks every notify with Alipay’s';
  return {
    appId: required(settings, 'ALIPAY_APP_ID', why),
    privateKey: pem(required(settings, 'ALIPAY_PRIVATE_KEY', why)),
    alipayPublicKey: pem(required(settings, 'ALIPAY_PUBLIC_KEY', why)),
    gateway: baseUrl('ALIPAY_GATEWAY', settings.ALIPAY_GATEWAY),
    signScene: settings.ALIPAY_AGREEMENT_SIGN_SCENE,
  };
}

/** `10,16,20`: whole hours of a day, each once, in order. */
function hoursOf(value: string): number[] {
  const hours = value.split(',').map((part) => part.trim());
  if (hours.some((hour) => !/^\d{1,2}$/.test(hour) || Number(hour) > 23))
    throw new Error(`AUTOPAY_HOURS must list hours from 0 to 23, comma-separated: ${value}`);
  return [...new Set(hours.map(Number))].sort((a, b) => a - b);
}

function autopayOf(settings: Settings): AutopaySettings {
  return {
    enabled: settings.AUTOPAY,
    hours: hoursOf(settings.AUTOPAY_HOURS),
    attempts: settings.AUTOPAY_ATTEMPTS,
    chargeCapFen: settings.AUTOPAY_CHARGE_CAP * 100,
    monthlyCapFen: settings.AUTOPAY_MONTHLY_CAP * 100,
  };
}

/** The bucket's settings as given; the missing ones are named by `productionProblems`, all at once. */
function s3Of(settings: Settings): S3Settings {
  return {
    endpoint: unlessUnset(settings.S3_ENDPOINT, (value) => baseUrl('S3_ENDPOINT', value)),
    region: settings.S3_REGION ?? '',
    bucket: settings.S3_BUCKET ?? '',
    accessKeyId: settings.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  };
}

const unlessUnset = <T>(value: string | undefined, parse: (value: string) => T): T | null => (value === undefined ? null : parse(value));

/** Relative to the working directory when given; beside the server's code when not. */
function databaseFileOf(value: string | undefined): string {
  if (value === undefined) return path.join(SERVER_ROOT, 'data', 'instalment.db');
  return value === ':memory:' ? value : path.resolve(value);
}

/** The configuration from environment variables (`settings/schema.ts`; server/README.md lists them). */
export function loadConfig(env: Env = process.env): AppConfig {
  const settings = readSettings(env);
  return {
    env: settings.NODE_ENV,
    host: settings.HOST,
    port: settings.PORT,
    databaseFile: databaseFileOf(settings.DATABASE_FILE),
    databaseUrl: unlessUnset(settings.DATABASE_URL, databaseUrlOf),
    storage: settings.STORAGE,
    uploadDir: unlessUnset(settings.UPLOAD_DIR, (value) => path.resolve(value)),
    s3: settings.STORAGE === 's3' ? s3Of(settings) : null,
    publicUrl: unlessUnset(settings.PUBLIC_URL, (value) => baseUrl('PUBLIC_URL', value)),
    corsOrigins: parseOrigins('CORS_ORIGINS', settings.CORS_ORIGINS),
    appOrigins: parseOrigins('APP_URL', settings.APP_URL),
    newsImageHosts: unlessUnset(settings.NEWS_IMAGE_HOSTS, hostsOf) ?? [],
    approvalMode: settings.APPROVAL_MODE,
    approvalDelaySeconds: settings.APPROVAL_DELAY_SECONDS,
    autoConfirmProofs: settings.AUTO_CONFIRM_VOUCHERS,
    tokenTtlSeconds: settings.TOKEN_TTL_SECONDS,
    creditLimitFen: settings.CREDIT_LIMIT * 100,
    logLevel: settings.LOG_LEVEL,
    trustProxy: unlessUnset(settings.TRUST_PROXY, proxiesOf) ?? false,
    devRoutes: settings.DEV_ROUTES,
    fileUrlSecret: settings.FILE_URL_SECRET ?? null,
    dataKeys: unlessUnset(settings.DATA_KEYS, (value) => parseDataKeys(value, settings.DATA_INDEX_KEY)),
    smsProvider: settings.SMS_PROVIDER,
    aliyun: settings.SMS_PROVIDER === 'aliyun' ? aliyunOf(settings) : null,
    paymentProvider: settings.PAYMENT_PROVIDER,
    alipay: settings.PAYMENT_PROVIDER === 'alipay' ? alipayOf(settings) : null,
    autopay: autopayOf(settings),
    backgroundLeaseSeconds: settings.BACKGROUND_LEASE_SECONDS,
    shutdownGraceSeconds: settings.SHUTDOWN_GRACE_SECONDS,
    metricsPort: settings.METRICS_PORT ?? null,
    metricsHost: settings.METRICS_HOST,
    passwordCostLog2: settings.PASSWORD_COST_LOG2,
    businessTimezone: timeZoneOf(settings.BUSINESS_TIMEZONE),
    retentionYears: settings.RETENTION_YEARS,
    hostConfigs: unlessUnset(settings.HOST_CONFIGS, hostConfigsOf) ?? [],
    hostConfigKeys: unlessUnset(settings.HOST_CONFIG_KEYS, hostConfigKeysOf) ?? [],
    releaseFiles: unlessUnset(settings.RELEASE_FILES, releaseFilesOf) ?? {},
    releaseAbortMinViews: settings.RELEASE_ABORT_MIN_VIEWS,
    releaseKeep: settings.RELEASE_KEEP,
    limits: limitsOf(settings),
  };
}

/** The configuration of an empty environment: every default of the schema. */
export const DEFAULT_CONFIG: AppConfig = loadConfig({});
export const DEFAULT_LIMITS: Limits = DEFAULT_CONFIG.limits;
