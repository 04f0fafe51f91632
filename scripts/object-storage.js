// A loopback S3-compatible bucket for the rehearsal (s3rver, the server tests' loopback S3):
// every API process keeps uploaded files there, as behind a load balancer, with no folder shared.
const fs = require('node:fs');
const path = require('node:path');
const S3rver = require('s3rver');
const { HOST } = require('./stack');

const BUCKET = 'instalment-uploads';

/**
 * Starts a bucket under `dir`; resolves with the API processes' storage settings and `stop()`.
 * @param {string} dir
 */
async function startObjectStorage(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: HOST, port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://${HOST}:${port}`,
      S3_REGION: 'cn-hangzhou',
      S3_BUCKET: BUCKET,
      // s3rver's own key pair: a loopback bucket, never a real account's.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => server.close(),
  };
}

module.exports = { startObjectStorage, objectsDir: (dir) => path.join(dir, BUCKET) };
