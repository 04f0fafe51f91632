import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts the API: configuration from the environment, JSON logs on stdout, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = buildApp({ ...config, logger: { level: config.logLevel } });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'forced exit');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let requests in flight finish, close the database.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      env: config.env,
      database: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.databaseFile,
      approval: config.approvalMode,
      sms: config.smsProvider,
      payments: config.paymentProvider,
      devRoutes: config.devRoutes ? 'on (DEV_ROUTES=1)' : 'off',
    },
    'instalment API ready',
  );
}

main().catch((error: unknown) => {
  console.error(
    JSON.stringify({ level: 60, msg: 'the server could not start', err: String(error instanceof Error ? error.message : error) }),
  );
  process.exit(1);
});
