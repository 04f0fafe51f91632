// Debian's nginx as a process of our own: found (or installed, as root), run in the foreground
// with its pid, logs and temporary files under one folder, so no root and no /etc/nginx change.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { waitFor } = require('./stack');

const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static'];
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function nginxBinary() {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  return dirs.map((dir) => path.join(dir, 'nginx')).find((file) => fs.existsSync(file)) ?? null;
}

/** Debian's nginx and its brotli module, installed when missing if we may (root); otherwise says what to install. */
function ensureNginx({ install = false } = {}) {
  if (nginxBinary()) return;
  if (!install || process.getuid?.() !== 0) throw new Error(`nginx is not installed: apt-get install ${PACKAGES.join(' ')} (as root)`);
  console.log(`  installing ${PACKAGES.join(' ')} from Debian…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Whether nginx can send the build's .br files (Debian's module); without it, the .gz ones. */
const hasBrotli = () => fs.existsSync(BROTLI_MODULE);

/**
 * Who nginx's workers run as. Started as root, nginx would run them as nobody, who cannot read a
 * checkout in a folder only its owner may enter (`mktemp -d`, root's home): they run as the owner
 * of the files they serve instead. Started as anyone else, they run as that user (no directive).
 */
function workerUser(servesFrom) {
  if (process.getuid?.() !== 0) return '';
  const { uid, gid } = fs.statSync(servesFrom);
  const name = (flag, id) => execFileSync('getent', [flag, String(id)], { encoding: 'utf8' }).split(':')[0];
  return `user ${name('passwd', uid)} ${name('group', gid)};`;
}

/** The main context around a rendered http-level configuration: everything nginx writes stays in `dir`. */
function mainConfig(dir, user) {
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  return `daemon off;${user}
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;${hasBrotli() ? `load_module ${BROTLI_MODULE};` : ''}
events {
    worker_connections 512;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${path.join(dir, 'access.log')};
    sendfile on;
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    include ${path.join(dir, 'instalment.conf')};
}`;
}

/**
 * Runs nginx on `httpConfig` (an http-level configuration) from `dir`; resolves once `readyUrl`
 * answers. Its workers run as the owner of `servesFrom` (the files it serves) and write their
 * temporary files in `dir`, which is given to that owner.
 */
async function startNginx({ dir, httpConfig, readyUrl, servesFrom }) {
  const binary = nginxBinary();
  if (!binary) throw new Error(`nginx is not installed: apt-get install ${PACKAGES.join(' ')}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'instalment.conf'), httpConfig);
  const user = workerUser(servesFrom);
  if (user) {
    const { uid, gid } = fs.statSync(servesFrom);
    fs.chownSync(dir, uid, gid);
  }
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, user));
  const errorLog = path.join(dir, 'error.log');
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog], { stdio: 'ignore' });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}:\n${fs.readFileSync(errorLog, 'utf8').slice(-2000)}`))),
  );
  await Promise.race([waitFor(readyUrl), exited]);
  exited.catch(() => {});
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', resolve);
        // Fast shutdown: a graceful one would wait for the browsers' kept-alive connections.
        child.kill('SIGTERM');
      }),
  };
}

module.exports = { ensureNginx, startNginx, hasBrotli, nginxBinary };
