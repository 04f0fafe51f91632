// A throwaway PostgreSQL cluster from Debian's postgresql package, on loopback and a free port,
// the way scripts/test-postgres.sh starts one for the server suite; removed by `stop()`.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { freePort } = require('./ports');

const ROOT_USER = process.getuid?.() === 0;

/** The newest installed server's programs, or null. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).pop();
  return newest ? path.join(base, newest, 'bin') : null;
}

/**
 * Starts a cluster in `dir` (an empty folder) with one database; resolves with its URL.
 * initdb refuses to run as root: the cluster then belongs to the postgres user.
 */
async function startPostgres(dir, database = 'instalment') {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql).');
  const port = await freePort();
  const asOwner = (program, args) =>
    ROOT_USER
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' });
  if (ROOT_USER) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  asOwner('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--encoding=UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`;
  asOwner('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  const stop = () => asOwner('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
  try {
    execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', `CREATE DATABASE ${database}`], {
      stdio: 'pipe',
    });
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
}

module.exports = { startPostgres, postgresBin };
