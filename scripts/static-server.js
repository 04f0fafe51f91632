// Serves a production build the way a real deployment does: precompressed gzip/brotli, long
// caching for content-hashed files, no caching for the files that name them, CORS for remotes.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const sirv = require('sirv');

const UNHASHED = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|config\.json|favicon\.svg|icon-\d+\.png|manifest\.webmanifest)$/;

function serveStatic({ dir, port, host = '127.0.0.1' }) {
  const files = sirv(dir, {
    gzip: true,
    brotli: true,
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', UNHASHED.test(pathname) ? 'no-cache' : 'public, max-age=31536000, immutable');
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
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' });
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
