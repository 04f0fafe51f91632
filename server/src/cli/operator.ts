import os from 'node:os';
import Fastify from 'fastify';
import { OPERATOR_ROLES } from '@instalment/contract/api';
import { loadConfig } from '../settings/config';
import { openDatabase } from '../db/database';
import { AuditService } from '../services/audit';
import { LoginAttempts } from '../services/login-attempts';
import { OperatorService } from '../services/operators';
import { Metrics } from '../runtime/metrics';

const USAGE = `usage: npm run operator -w server -- add <username> --roles <role,…> [--console <console's address>]
       npm run operator -w server -- disable <username>
       npm run operator -w server -- unlock <username>
roles: ${OPERATOR_ROLES.join(', ')}`;

/** The console's enrolment page with the code in its hash, which the console's router reads and no server log sees. */
const enrolmentLink = (consoleAddress: string, code: string) =>
  `${consoleAddress.replace(/#.*$/, '').replace(/\/?$/, '/')}#/enrol?${new URLSearchParams({ code })}`;

/**
 * Operator accounts, on the database the server's environment names. `add` prints the new
 * account as one JSON line with its one-time enrolment code (and, given `--console`, the link to
 * the console's enrolment page): the person it is for, often the one at the terminal for the
 * first admin, sets their own password and authenticator with it. No password is printed.
 */
async function main(args: string[]): Promise<number> {
  const [command, username] = args;
  const rolesAt = args.indexOf('--roles');
  if (!username || (command === 'add' && rolesAt < 0) || !['add', 'disable', 'unlock'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const now = Date.now;
  const { store, ready, cipher } = openDatabase(config, now());
  try {
    await ready;
    const ctx = { store, config, now, log: Fastify({ logger: false }).log, metrics: new Metrics(), cipher };
    const operators = new OperatorService(ctx, new LoginAttempts(ctx));
    // The command line's acts are on the audit too, under the system account that ran them.
    const audit = new AuditService(ctx);
    const fact = {
      operator: { id: null, username: `cli:${os.userInfo().username}`, roles: [] },
      address: os.hostname(),
      target: `operator:${username}`,
      outcome: 'done' as const,
    };
    if (command === 'unlock') {
      await store.write([], async (tx) => {
        const change = await operators.unlock(username, tx);
        await audit.record({ ...fact, action: 'operator.unlock', after: change.after }, tx);
      });
      process.stdout.write(`${JSON.stringify({ username, unlocked: true })}\n`);
      return 0;
    }
    if (command === 'disable') {
      if (!(await operators.disable(username))) throw new Error(`There is no operator ${username}.`);
      await audit.record({ ...fact, action: 'operator.disable', after: { disabled: true } });
      process.stdout.write(`${JSON.stringify({ username, disabled: true })}\n`);
      return 0;
    }
    const roles = (args[rolesAt + 1] ?? '').split(',').filter(Boolean);
    if (roles.length === 0) {
      console.error(USAGE);
      return 2;
    }
    const enrolment = await operators.create(username, roles, fact.operator.username);
    await audit.record({ ...fact, action: 'operator.create', after: { roles, enrolment_expires_at: enrolment.expires_at } });
    const consoleAt = args.indexOf('--console');
    const link = consoleAt < 0 ? {} : { enrolment_link: enrolmentLink(args[consoleAt + 1] ?? '', enrolment.enrolment_code) };
    process.stdout.write(`${JSON.stringify({ ...enrolment, ...link })}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
