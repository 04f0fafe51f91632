import os from 'node:os';
import Fastify from 'fastify';
import { releaseOf, type ReleaseAction, type ReleasesView } from '@instalment/contract/api';
import { detectLocale } from '@instalment/contract/i18n';
import { loadConfig } from '../settings/config';
import { openDatabase } from '../db/database';
import { Metrics } from '../runtime/metrics';
import { AuditService } from '../services/audit';
import { Refusal } from '../services/refusals';
import { configStoreOf } from '../services/releases/config-store';
import { ReleaseService } from '../services/releases/service';
import { openStorage } from '../storage/open';
import { TelemetryFigures } from '../services/telemetry/figures';
import { run } from './command-line';

const USAGE = `usage: node dist/release.js <remote> <release> [--canary <percent>]
       node dist/release.js promote <remote>
       node dist/release.js rollback <remote>
       node dist/release.js status
<remote>: its container's name (mf_news) or its package's (mf-news)`;

/** The command's language, from the terminal's (`LANG=zh_CN.UTF-8`). */
const locale = detectLocale([(process.env.LC_ALL || process.env.LANG || '').split('.')[0].replace('_', '-')]);

/** What the command line asks for; null: not a command. */
function commandOf(args: readonly string[]): { remote: string; action: ReleaseAction } | 'status' | null {
  const [first, second, ...rest] = args;
  if (first === 'status' && args.length === 1) return 'status';
  if ((first === 'promote' || first === 'rollback') && second && args.length === 2) return { remote: second, action: { action: first } };
  if (!first || !second || first.startsWith('-')) return null;
  if (rest.length === 0) return { remote: first, action: { action: 'release', release: second } };
  const percent = rest[0] === '--canary' && rest.length === 2 && /^\d{1,2}$/.test(rest[1]) ? Number(rest[1]) : 0;
  return percent >= 1 ? { remote: first, action: { action: 'release', release: second, percent } } : null;
}

/** Each remote on a line: its stable and canary with since when, and the releases still published. */
function table(view: ReleasesView): string {
  const rows = [
    ['remote', 'stable', 'since', 'canary', 'since', 'published'],
    ...view.remotes.map((remote) => [
      remote.remote,
      remote.stable.release,
      remote.stable.since ?? '—',
      remote.canary ? `${remote.canary.release} (${remote.canary.percent} %)` : '—',
      remote.canary?.since ?? '—',
      remote.published.join(' ') || '—',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A team's releases from the command line (`npm run release -- …` publishes the files, then runs
 * this): the same service, database lock, history and audit as the console's Releases screen, the
 * change filed under `cli:<user>`. Prints each remote's releases after it.
 */
run(async () => {
  const command = commandOf(process.argv.slice(2));
  if (command === null) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const now = Date.now;
  const { store, ready, cipher } = openDatabase(config, now());
  const storage = openStorage(config);
  try {
    await ready;
    const ctx = { store, config, now, log: Fastify({ logger: false }).log, metrics: new Metrics(), cipher };
    const releases = new ReleaseService(ctx, new AuditService(ctx), new TelemetryFigures(store), configStoreOf(config, storage));
    if (command !== 'status') {
      const by = `cli:${process.env.USER || os.userInfo().username}`;
      const change = await releases.act(command.remote, command.action, by, os.hostname());
      const [before, after] = [change.before, change.after].map((side) => Object.values(side as Record<string, unknown>)[0]);
      const name = (entry: unknown) => (typeof entry === 'string' ? releaseOf(entry) : JSON.stringify(entry));
      process.stdout.write(`${change.target}: ${name(before)} → ${name(after)}\n`);
    }
    process.stdout.write(`${table(await releases.view(locale))}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.sentence(locale));
    return 1;
  } finally {
    await store.close();
    await storage.close();
  }
});
