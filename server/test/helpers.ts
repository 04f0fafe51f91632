import type { AddressInfo } from 'node:net';
import {
  CURRENT_AGREEMENT,
  DEV_ENDPOINTS,
  mobileLogin,
  register,
  sendSms,
  type LoanApplication,
  type SmsEvent,
  type SmsOutboxEntry,
} from '@instalment/contract/api';
import { ApiError, createHttpClient, type HttpClient } from '@instalment/host-sdk/http';
import { idCardOf, newPhone } from '@instalment/testing/people';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import type { Tables } from '../src/db/tables';
import { openDatabase } from '../src/db/database';
import type { Store } from '../src/db/store';
import { DEFAULT_CONFIG } from '../src/settings/config';
import type { Locale } from '@instalment/contract/i18n';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const DAY_MS = 24 * 3600 * 1000;
/** A fixed start (10:00 in Shanghai) so due dates and penalties are the same on every run. */
export const START_MS = Date.UTC(2026, 0, 15, 2, 0, 0);

export interface TestClient {
  http: HttpClient;
  /** What the shell's session would hold. */
  token: string | null;
  onUnauthorized: jest.Mock;
}

export interface TestServer {
  app: FastifyInstance;
  baseURL: string;
  clock: { now: number; advance(ms: number): void };
  /** A client as the app makes one; `locale` is what it sends as Accept-Language, as the app does. */
  client(locale?: Locale): TestClient;
  close(): Promise<void>;
}

/**
 * What the tests change from the defaults: a cheap password hash (one test keeps the real cost)
 * and per-address limits high enough for a suite whose every request comes from 127.0.0.1.
 * Tests of a limit set it back where they need it.
 */
export const TEST_OPTIONS: AppOptions = {
  databaseFile: ':memory:',
  env: 'test',
  devRoutes: true,
  passwordCostLog2: 10,
  limits: {
    smsSendsPerAddress: 10_000,
    registrationsPerAddress: 10_000,
    loginsPerAddress: 10_000,
    uploadsPerAddress: 10_000,
    loginFailuresPerAddress: 10_000,
  },
};

/**
 * PostgreSQL for the server suite when TEST_DATABASE_URL is set (CI runs the suite once on each
 * engine; `npm run test:postgres` starts a throwaway cluster and does it here), SQLite otherwise.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL || null;
export const ENGINE: 'sqlite' | 'postgres' = POSTGRES_URL ? 'postgres' : 'sqlite';

/** A database of its own for one test, and how to drop it. */
export interface TestDatabase {
  options: Pick<AppOptions, 'databaseFile' | 'databaseUrl'>;
  drop(): Promise<void>;
}

/**
 * An empty database that several servers may share (as processes behind a load balancer do):
 * a file of its own on SQLite, a schema of its own on PostgreSQL.
 */
export async function sharedDatabase(): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-shared-'));
    return {
      options: { databaseFile: path.join(dir, 'shared.db') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { options: { databaseUrl: url.toString() }, drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

/** `database` opened as the server opens it (its settings' defaults): migrated once `ready` resolves. */
export const openTestDatabase = (database: TestDatabase) => openDatabase({ ...DEFAULT_CONFIG, ...database.options }, Date.now());

/** An empty, migrated database of its own, without a server; `close` closes it and drops it. */
export async function migratedStore(): Promise<{ store: Store; close: () => Promise<void> }> {
  const database = await sharedDatabase();
  const opened = openTestDatabase(database);
  await opened.ready;
  return {
    store: opened.store,
    close: async () => {
      await opened.store.close();
      await database.drop();
    },
  };
}

/** The real server, in process, on an empty database of its own (unless `options` name one) and a port of its own. */
export async function startServer(options: AppOptions = {}, beforeListen?: (app: FastifyInstance) => void): Promise<TestServer> {
  const own = options.databaseFile || options.databaseUrl ? null : POSTGRES_URL ? await sharedDatabase() : null;
  const clock = {
    now: START_MS,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const app = buildApp({
    ...TEST_OPTIONS,
    now: () => clock.now,
    ...own?.options,
    ...options,
    limits: { ...TEST_OPTIONS.limits, ...options.limits },
  });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    baseURL,
    clock,
    client: (locale?: Locale) => clientOf(baseURL, locale),
    close: async () => {
      await app.close();
      await own?.drop();
    },
  };
}

/** A client as the app makes one for the API at `baseURL`; `locale` is what it sends as Accept-Language. */
export function clientOf(baseURL: string, locale?: Locale): TestClient {
  const client: TestClient = {
    token: null,
    onUnauthorized: jest.fn(),
    http: undefined as unknown as HttpClient,
  };
  client.http = createHttpClient({
    baseURL,
    getToken: () => client.token,
    onUnauthorized: client.onUnauthorized,
    getLocale: locale ? () => locale : undefined,
  });
  return client;
}

/** How many rows a table holds, read behind the API. */
export async function rowCount(server: TestServer, table: keyof Tables): Promise<number> {
  const row = await server.app.store.q
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest code the development outbox holds for a phone. */
export async function latestCode(client: TestClient, mobile: string, event: SmsEvent): Promise<string> {
  const outbox = await client.http.get<SmsOutboxEntry[]>(DEV_ENDPOINTS.smsOutbox, { mobile });
  const entry = outbox.find((item) => item.event === event);
  if (!entry) throw new Error(`no ${event} code for ${mobile}`);
  return entry.code;
}

export { newPhone };

export const PASSWORD = 'secret123';

/** Registers a new user through SMS and returns a client holding its token and an application in its own name. */
export async function signUp(
  server: Pick<TestServer, 'client'>,
  mobile = newPhone(),
): Promise<TestClient & { mobile: string; application: LoanApplication }> {
  const client = server.client();
  await sendSms(client.http, { mobile, event: 'register' });
  const code = await latestCode(client, mobile, 'register');
  const result = await register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD });
  client.token = result.userinfo.token;
  return Object.assign(client, { mobile, application: applicationOf(mobile) });
}

/** Logs a known phone in by SMS (the 60 s resend rule is passed by moving the clock). */
export async function smsLogin(server: TestServer, mobile: string): Promise<TestClient> {
  const client = server.client();
  server.clock.advance(61_000);
  await sendSms(client.http, { mobile, event: 'mobilelogin' });
  const result = await mobileLogin(client.http, { mobile, captcha: await latestCode(client, mobile, 'mobilelogin') });
  client.token = result.userinfo.token;
  return client;
}

export const APPLICATION: LoanApplication = {
  amount: '12000.00',
  term: 3,
  purpose: 'consumption',
  real_name: 'Li Lei',
  id_card: '110101199003071234',
  bank_card: '6222020200112233445',
  bank_name: 'Industrial and Commercial Bank of China',
  agree_contract: true,
};

/** An application whose ID card is this phone's own: one ID card belongs to one account. */
export function applicationOf(mobile: string): LoanApplication {
  return { ...APPLICATION, id_card: idCardOf(mobile) };
}

/** The rejection of a call: its ApiError, or a failure when it succeeded. */
export async function refusal(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

/** A tiny valid PNG (1×1, transparent). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const blob = (bytes: Buffer | Uint8Array, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });
