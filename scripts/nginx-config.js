#!/usr/bin/env node
// deploy/nginx.conf filled in for one deployment: its addresses, its builds' folders and the
// security headers those builds need. `npm run rehearse` renders it on loopback; a production
// deploy renders it from a sites file (deploy/sites.example.json):
//   node scripts/nginx-config.js deploy/sites.json /etc/nginx/conf.d/instalment.conf
const fs = require('node:fs');
const path = require('node:path');
const { HASHED_NAME } = require('./hashed-names');
const { pagePolicy } = require('./page-policy');

const DEPLOY = path.join(__dirname, '..', 'deploy');

/**
 * @typedef {{ listen: string, server_name: string, root: string }} Site
 * @typedef {{
 *   sites: Record<string, Site>,
 *   api: { listen: string, server_name: string, servers: string[] },
 *   hostOrigins: string[],
 *   brotli: boolean,
 * }} Deployment
 */

/** A value nginx reads inside double quotes or as one word: nothing that could end it or name a variable. */
function quoted(value) {
  if (/["$\\\n]/.test(value)) throw new Error(`Cannot write ${JSON.stringify(value)} into the nginx configuration`);
  return `"${value}"`;
}

function fill(text, values) {
  return text.replace(/\{\{([\w.]+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`deploy template: nothing to fill {{${key}}} with`);
    return values[key];
  });
}

const readIfThere = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

/** A template without its opening comment, which speaks of the template itself. */
const template = (name) => fs.readFileSync(path.join(DEPLOY, name), 'utf8').replace(/^(#.*\n)+\n?/, '');

/**
 * One build's server. Its headers are what scripts/static-server.js would send for the same folder:
 * a build with a config.json is a host (its policy follows that file and its page's inline
 * scripts) and shares nothing; one without is a remote, shared with the hosts' origins.
 */
function staticSite(site) {
  const config = readIfThere(path.join(site.root, 'config.json'));
  const { 'Content-Security-Policy': policy, ...others } = pagePolicy({ config, page: readIfThere(path.join(site.root, 'index.html')) });
  const remote = config === null;
  return fill(template('static-site.conf'), {
    listen: site.listen,
    server_name: site.server_name,
    root: quoted(site.root),
    content_security_policy: policy,
    security_headers: Object.entries(others)
      .map(([name, value]) => `    add_header ${name} ${quoted(value)} always;`)
      .join('\n'),
    cors_origin: remote ? '$instalment_cors_origin' : '""',
    vary: remote ? 'Origin' : '""',
  });
}

/** @param {Deployment} deployment */
function renderNginxConfig(deployment) {
  const text = fill(template('nginx.conf'), {
    hashed_name: HASHED_NAME.source,
    host_origins: deployment.hostOrigins.map((origin) => `    ${quoted(origin)} $http_origin;`).join('\n'),
    brotli_static: deployment.brotli ? 'brotli_static on;' : '# brotli_static: no module here; gzip only',
    api_servers: deployment.api.servers.map((server) => `    server ${server};`).join('\n'),
    static_sites: Object.values(deployment.sites).map(staticSite).join('\n'),
    'api.listen': deployment.api.listen,
    'api.server_name': deployment.api.server_name,
  });
  return `# Rendered from deploy/nginx.conf by scripts/nginx-config.js: change the template, not this file.\n\n${text}`;
}

if (require.main === module) {
  const [sitesFile, output] = process.argv.slice(2);
  if (!sitesFile || !output) {
    console.error('usage: node scripts/nginx-config.js <sites.json> <output.conf>');
    process.exit(2);
  }
  const deployment = JSON.parse(fs.readFileSync(sitesFile, 'utf8'));
  for (const site of Object.values(deployment.sites)) site.root = path.resolve(path.dirname(sitesFile), site.root);
  fs.writeFileSync(output, renderNginxConfig(deployment));
}

module.exports = { renderNginxConfig };
