import path from 'node:path';

/** Where the server package lives, so default paths do not depend on the working directory. */
export const SERVER_ROOT = path.resolve(__dirname, '..');

export type ApprovalMode = 'auto' | 'delay' | 'manual';
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
  /** Stored uploads; null: `uploads/` beside the database file, or a temporary folder for ':memory:'. */
  uploadDir: string | null;
  /** Absolute base URL of this server as browsers reach it; null: taken from each request's Host. */
  publicUrl: string | null;
  /** Origins allowed to call the API from a browser (CORS). */
  corsOrigins: OriginRule;
  /** Origins of the app that the sandbox gateway may send the browser back to. */
  appOrigins: OriginRule;
  approvalMode: ApprovalMode;
  /** In 'delay' mode, how long an application stays pending before it is approved. */
  approvalDelaySeconds: number;
  /** Confirm payment proofs at once instead of leaving them pending review. */
  autoConfirmVouchers: boolean;
  tokenTtlSeconds: number;
  logLevel: string;
}

export const DEFAULT_CONFIG: AppConfig = {
  env: 'development',
  host: 'localhost',
  port: 3100,
  databaseFile: path.join(SERVER_ROOT, 'data', 'instalment.db'),
  uploadDir: null,
  publicUrl: null,
  corsOrigins: 'localhost',
  appOrigins: 'localhost',
  approvalMode: 'auto',
  approvalDelaySeconds: 60,
  autoConfirmVouchers: false,
  tokenTtlSeconds: 30 * 24 * 3600,
  logLevel: 'info',
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

/** The configuration from environment variables (README of server/ lists them). */
export function loadConfig(env: Env = process.env): AppConfig {
  const databaseFile = env.DATABASE_FILE ? (env.DATABASE_FILE === ':memory:' ? ':memory:' : path.resolve(env.DATABASE_FILE)) : DEFAULT_CONFIG.databaseFile;
  return {
    env: oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], DEFAULT_CONFIG.env),
    host: env.HOST || DEFAULT_CONFIG.host,
    port: integer(env, 'PORT', DEFAULT_CONFIG.port, 0, 65535),
    databaseFile,
    uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : null,
    publicUrl: env.PUBLIC_URL ? baseUrl('PUBLIC_URL', env.PUBLIC_URL) : null,
    corsOrigins: parseOrigins('CORS_ORIGINS', env.CORS_ORIGINS, DEFAULT_CONFIG.corsOrigins),
    appOrigins: parseOrigins('APP_URL', env.APP_URL, DEFAULT_CONFIG.appOrigins),
    approvalMode: oneOf(env, 'APPROVAL_MODE', ['auto', 'delay', 'manual'], DEFAULT_CONFIG.approvalMode),
    approvalDelaySeconds: integer(env, 'APPROVAL_DELAY_SECONDS', DEFAULT_CONFIG.approvalDelaySeconds, 0, 30 * 24 * 3600),
    autoConfirmVouchers: flag(env, 'AUTO_CONFIRM_VOUCHERS', DEFAULT_CONFIG.autoConfirmVouchers),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', DEFAULT_CONFIG.tokenTtlSeconds, 60, 365 * 24 * 3600),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  };
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
