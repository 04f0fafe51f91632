import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The README's example production settings (deploy/production.env.example), as the shell would read them. */
export function exampleProductionEnv(): Record<string, string> {
  const text = fs.readFileSync(path.join(__dirname, '..', 'deploy', 'production.env.example'), 'utf8');
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** An RSA key pair in PEM, as the Alipay console hands them out. */
export function rsaKeys(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

const appKeys = rsaKeys();
const alipayKeys = rsaKeys();

/**
 * The example's settings made startable in a test: an in-memory database, keys that parse, the
 * providers pointed at a closed loopback port unless the caller points them at its fakes.
 */
export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const example = exampleProductionEnv();
  delete example.DATABASE_URL;
  delete example.UPLOAD_DIR;
  return {
    ...example,
    DATABASE_FILE: ':memory:',
    ALIPAY_PRIVATE_KEY: appKeys.privateKey,
    ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
    ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9',
    ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
    ...overrides,
  };
}
