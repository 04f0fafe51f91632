// Serves a production build the way a real deployment does: precompressed gzip/brotli, long
// caching for content-hashed files, no caching for the files that name them, CORS for remotes.
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const sirv = require('sirv');
const { HASHED_NAME } = require('./hashed-names');

function serveStatic({ dir, port, host = '127.0.0.1' }) {
  const files = sirv(dir, {
    gzip: true,
    brotli: true,
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      // A hashed file never changes: cached for good. Anything else (the page at / and index.html,
      // config.json, manifests, icons, the service worker) is revalidated on every use.
      res.setHeader('Cache-Control', HASHED_NAME.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = http.createServer((req, res) => {
    // config.json may be edited in place by whoever deploys: read it fresh, never from sirv's cache.
    if (req.url && req.url.split('?')[0] === '/config.json') {
      const file = path.join(dir, 'config.json');
      return fs.readFile(file, (error, body) => {
        if (error) {
          res.statusCode = 404;
          return res.end();
        }
        // A returning visitor revalidates it on every start: an unchanged file costs a 304, no body.
        const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
        const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', ETag: etag, 'Access-Control-Allow-Origin': '*' };
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers);
          return res.end();
        }
        res.writeHead(200, headers);
        res.end(body);
      });
    }
    files(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

module.exports = { serveStatic };
