#!/usr/bin/env bash
# The server suite on PostgreSQL: a throwaway cluster (Debian's postgresql package) on loopback,
# started for this run and removed after it. `npm test` runs the same suite on SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)." >&2
  exit 1
fi
# A free loopback port, unless one is given: another cluster may already listen on the usual ones.
port=${PGTEST_PORT:-$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
dir=$(mktemp -d /tmp/instalment-pg.XXXXXX)
# initdb refuses to run as root: the cluster then belongs to the postgres user.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"

stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_owner "$bin/initdb" -D "$dir/data" --auth=trust --username=postgres --encoding=UTF8 >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200" start >/dev/null
"$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -qc 'CREATE DATABASE instalment_test' >/dev/null

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/instalment_test" npx jest --selectProjects server "$@"
