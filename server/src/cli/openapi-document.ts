import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { ENVIRONMENT } from '../settings/schema';

/** Where the committed document lives, and the command that writes it. */
export const DOCUMENT_FILE = path.join(__dirname, '..', '..', 'openapi.json');
export const REGENERATE = 'npm run openapi -w server';

/**
 * An app with the routes a production deployment serves: Alipay as the gateway (so its notify is
 * in and the sandbox is out) and no development routes, whatever the machine that generates the
 * document runs with. The Alipay keys are made up: they only let the gateway be built.
 */
export function documentedApp(options: AppOptions = {}): FastifyInstance {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return buildApp({
    databaseFile: ':memory:',
    devRoutes: false,
    paymentProvider: 'alipay',
    alipay: {
      appId: 'document',
      privateKey: keys.privateKey,
      alipayPublicKey: keys.publicKey,
      gateway: ENVIRONMENT.properties.ALIPAY_GATEWAY.default as string,
    },
    ...options,
  });
}

/** The app's document as the committed file holds it: two-space JSON and a final newline. */
export async function documentOf(app: FastifyInstance): Promise<string> {
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
  }
}

type Paths = Record<string, Record<string, unknown>>;

const operationsOf = (document: string): Map<string, string> => {
  const paths = (JSON.parse(document) as { paths: Paths }).paths;
  return new Map(
    Object.entries(paths).flatMap(([url, item]) =>
      Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${url}`, JSON.stringify(operation)] as const),
    ),
  );
};

/** What a developer must do when the committed document is not the routes' (null: nothing). */
export function driftOf(generated: string, committed: string): string | null {
  if (generated === committed) return null;
  const now = operationsOf(generated);
  const before = operationsOf(committed);
  const changes = [
    ...[...now.keys()].filter((key) => !before.has(key)).map((key) => `added: ${key}`),
    ...[...before.keys()].filter((key) => !now.has(key)).map((key) => `removed: ${key}`),
    ...[...now.keys()].filter((key) => before.has(key) && before.get(key) !== now.get(key)).map((key) => `changed: ${key}`),
  ];
  return [
    `server/openapi.json is not what the routes describe; run \`${REGENERATE}\` and commit it.`,
    ...(changes.length > 0 ? changes : ['(outside the operations: info, tags or components)']),
  ].join('\n');
}
