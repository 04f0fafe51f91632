#!/usr/bin/env node
// npm run release -- <remote> <name> [--canary <percent>] [--from <dist>]
//   publishes the remote's build (its dist, or a build made elsewhere) as release <name>, unless
//   it is already, then points the hosts at it: every device, or <percent> of them as a canary;
// npm run release -- promote <remote> | rollback <remote> | status
//   as the API's release command says (server/src/cli/release.ts), on this checkout's hosts.
// The history, the checks and the config writes are the API's; here only the files are published.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const REMOTES = require('../packages/federation/src/pages/remotes.json');
const { publish } = require('./publish');
const { ROOT, buildServer, releaseEnv } = require('./stack');

/** What the API's command does without a build to publish. */
const ACTIONS = new Set(['promote', 'rollback', 'status']);

/** The remote's package folder, named as its container (`mf_news`) or its package (`mf-news`). */
function packageOf(remote) {
  const pkg = REMOTES[remote] ?? Object.values(REMOTES).find((name) => name === remote);
  if (!pkg) throw new Error(`No remote ${remote}: one of ${Object.keys(REMOTES).join(', ')}`);
  return pkg;
}

/** The API's release command on this checkout's hosts and builds; answers its exit code. */
function serverCommand(args) {
  buildServer();
  const run = spawnSync(process.execPath, ['dist/release.js', ...args], {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, ...releaseEnv() },
    stdio: 'inherit',
  });
  return run.status ?? 1;
}

/**
 * The command: publishes first when it names a release, then hands its arguments (without
 * `--from`, which only says where the build is) to the API's command.
 * A relative `--from` is from `cwd`: where the team typed the command (npm runs scripts from the
 * workspace's root and says where it was started in INIT_CWD).
 * @param {string[]} args
 * @param {{ root?: string, cwd?: string, log?: (line: string) => void, command?: (args: string[]) => number }} [options]
 * @returns {number} the exit code
 */
function release(args, { root = ROOT, cwd = process.env.INIT_CWD || process.cwd(), log = console.log, command = serverCommand } = {}) {
  const rest = [...args];
  const fromAt = rest.indexOf('--from');
  let from;
  if (fromAt !== -1) {
    from = rest[fromAt + 1];
    if (!from || from.startsWith('--')) throw new Error('--from names the folder of a remote build: --from <dist>');
    rest.splice(fromAt, 2);
  }
  const [first, name] = rest;
  if (!first)
    throw new Error(
      'usage: npm run release -- <remote> <name> [--canary <percent>] [--from <dist>] | promote <remote> | rollback <remote> | status',
    );
  if (!ACTIONS.has(first)) {
    if (!name || name.startsWith('--')) throw new Error(`Which release of ${first}? npm run release -- ${first} <name>`);
    const dist = path.join(root, packageOf(first), 'dist');
    const published = publish(dist, name, { from: from ? path.resolve(cwd, from) : dist });
    log(published.published ? `published ${name} in ${published.dir}` : `${name} is published already, with these files`);
  } else if (from) {
    throw new Error(`--from names a build to publish; ${first} publishes none`);
  }
  return command(rest);
}

if (require.main === module) {
  try {
    process.exitCode = release(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}

module.exports = { release };
