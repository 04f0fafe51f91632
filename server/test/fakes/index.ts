import type { TestServer } from '../helpers';
import { FIRST_SWITCHES, startAlipayFake, type AlipayFake } from './alipay';
import { startAliyunFake, type AliyunFake } from './aliyun-sms';
import { startS3, type S3Fake } from './s3';

export { alipayEnv, throughFake, type AlipayFake } from './alipay';
export { aliyunEnv, throughAliyun, type AliyunFake } from './aliyun-sms';
export type { S3Fake } from './s3';

/** The loopback stand-ins for the providers a deployment talks to. */
export interface Fakes {
  alipay: AlipayFake;
  aliyun: AliyunFake;
  s3: S3Fake;
}
type FakeName = keyof Fakes;

/** Starts a server for the fakes: through them, with whatever else the file's tests need. */
export type Serve<Name extends FakeName> = (fakes: Pick<Fakes, Name>) => Promise<TestServer>;

/**
 * A file's tests and what they share: `file` starts the server once for them all; `test` starts a
 * new one (a new database) for each, with fakes that have forgotten the last one's trades —
 * a new database numbers its payments from 1 again, and Alipay refuses a trade number it knows.
 */
type ServerPer = 'file' | 'test';

const start: { [Name in FakeName]: () => Promise<Fakes[Name]> } = {
  alipay: () => startAlipayFake(),
  aliyun: startAliyunFake,
  s3: startS3,
};

/** A fake's switches as it started: what one test turned on (a held notify, a failing mode) ends with it. */
const firstState: { [Name in FakeName]: (fake: Fakes[Name]) => void } = {
  alipay: (alipay) => Object.assign(alipay, FIRST_SWITCHES),
  aliyun: (aliyun) => aliyun.mode('ok'),
  s3: (s3) => s3.mode('ok'),
};

/** Forgets what the fake recorded for a server that is gone. */
const forget: { [Name in FakeName]: (fake: Fakes[Name]) => void } = {
  alipay: (alipay) => {
    alipay.trades.clear();
    alipay.agreements.clear();
    alipay.refunds.length = 0;
    Object.assign(alipay, { forged: 0, refundRequests: 0, refundQueries: 0, chargeRequests: 0, cancels: 0 });
  },
  aliyun: (aliyun) => {
    aliyun.messages.length = 0;
    aliyun.asked.length = 0;
    aliyun.forged = 0;
  },
  s3: (s3) => {
    s3.forged = 0;
  },
};

const each = <Name extends FakeName>(fakes: Pick<Fakes, Name>, names: readonly Name[], step: typeof firstState) =>
  names.forEach((name) => (step[name] as (fake: Fakes[Name]) => void)(fakes[name]));

const notStarted = (what: string): never => {
  throw new Error(`${what} is started in beforeAll (beforeEach for a server per test): read it inside a test or a hook`);
};

/**
 * The one set-up of the loopback fakes for a test file: starts `names` before its tests and
 * closes them after, each test starting from the fakes' first switches; with `serve`, the server
 * started through them (per file or per test), closed before them. Read the fakes and the server
 * inside tests and hooks: they exist from the first `beforeAll` on.
 */
export function withFakes<Name extends FakeName>(names: readonly Name[]): Pick<Fakes, Name>;
export function withFakes<Name extends FakeName>(
  names: readonly Name[],
  serve: Serve<Name>,
  per?: ServerPer,
): Pick<Fakes, Name> & { readonly server: TestServer };
export function withFakes<Name extends FakeName>(names: readonly Name[], serve?: Serve<Name>, per: ServerPer = 'file') {
  const started: Partial<Pick<Fakes, Name>> = {};
  let server: TestServer | null = null;
  const loopback = {} as Pick<Fakes, Name> & { readonly server: TestServer };
  for (const name of names) Object.defineProperty(loopback, name, { get: () => started[name] ?? notStarted(`The ${name} fake`) });
  Object.defineProperty(loopback, 'server', { get: () => server ?? notStarted('The server') });

  beforeAll(async () => {
    await Promise.all(
      names.map(async (name) => {
        started[name] = (await start[name]()) as Fakes[Name];
      }),
    );
    if (serve && per === 'file') server = await serve(loopback);
  });
  beforeEach(async () => {
    each(loopback, names, firstState);
    if (serve && per === 'test') {
      each(loopback, names, forget);
      server = await serve(loopback);
    }
  });
  afterEach(async () => {
    if (per !== 'test') return;
    await server?.close();
    server = null;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all(names.map(async (name) => started[name]?.close()));
  });
  return loopback;
}
