import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAlipayFake } from '../server/test/fakes/alipay';
import { freePort } from './tests/support';

// The stack scripts are plain CommonJS shared with `npm start` and the benchmark.
const { buildAll } = require('../scripts/build');
const { startStack } = require('../scripts/stack');
const { PACKAGES } = require('../scripts/ports');

/**
 * Builds the production bundles, starts the API on a fresh database and the static servers, and
 * a loopback Alipay that the API takes repayments through, as production does; and the
 * operations console's host beside them.
 */
export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD !== '1') await buildAll();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-e2e-'));
  const ports: Record<string, number> = { api: await freePort() };
  for (const pkg of PACKAGES as Array<{ name: string }>) ports[pkg.name] = await freePort();
  ports.ops = await freePort();
  // offline.spec.ts deploys a shell of its own, on an origin of its own, that loads the stack's remotes.
  const ownShellPort = await freePort();
  process.env.HOST_ORIGINS = `http://127.0.0.1:${ownShellPort}`;
  process.env.E2E_OWN_SHELL_PORT = String(ownShellPort);
  const alipay = await startAlipayFake();
  const apiEnv = {
    DATABASE_FILE: path.join(dataDir, 'e2e.db'),
    NODE_ENV: 'development',
    DEV_ROUTES: '1',
    LOG_LEVEL: 'warn',
    // Every journey's borrower comes from 127.0.0.1: one address signs up the whole suite's
    // borrowers within one limit window, which the per-address limits (30 codes and 30
    // registrations in 10 minutes) would cut off partway; the server suites test those limits.
    SMS_SENDS_PER_ADDRESS: '1000',
    REGISTRATIONS_PER_ADDRESS: '1000',
    // Every page's reports come from there too (releases.spec.ts opens dozens of devices a minute).
    TELEMETRY_BATCHES_PER_ADDRESS: '10000',
    PUBLIC_URL: `http://127.0.0.1:${ports.api}`,
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: alipay.appPrivateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.gateway,
    // Automatic repayment (autopay.spec.ts): agreements signed on the loopback Alipay's page, charged on it.
    AUTOPAY: '1',
  };
  const stack = await startStack({ ports, quiet: true, apiEnv });
  process.env.E2E_SHELL_URL = stack.shellUrl;
  process.env.E2E_OPS_URL = stack.consoleUrl;
  process.env.E2E_DATABASE_FILE = path.join(dataDir, 'e2e.db');
  process.env.E2E_API_URL = stack.apiUrl;
  // A journey that needs a second API process on the same database starts it configured as this
  // one, with the same hosts' config.json and remotes' builds to release.
  process.env.E2E_API_ENV = JSON.stringify(stack.apiEnv);
  process.env.E2E_PORTS = JSON.stringify(ports);
  // The remotes the tests serve themselves (scripts/stack.js startStatic) grant CORS to these hosts.
  process.env.SHELL_PORT = String(ports.shell);
  process.env.OPS_PORT = String(ports.ops);
  return async () => {
    await stack.stop();
    await alipay.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
