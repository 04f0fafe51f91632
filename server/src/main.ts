import { buildApp } from './app';
import { loadConfig } from './settings/config';
import { serveMetrics } from './runtime/metrics';

/**
 * Starts the API: configuration from the environment, JSON logs on stdout, and a graceful stop a
 * load balancer can follow: on SIGTERM `/health/ready` answers 503 for the first third of
 * SHUTDOWN_GRACE_SECONDS (at most 5 s) while requests are still served, then the server stops
 * listening, finishes the requests in flight, releases the background lease and exits 0. SIGINT
 * (Ctrl-C, the local stack) skips the notice.
 */
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
    app.readiness.draining = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    // SIGTERM comes from an orchestrator, with a load balancer to tell; SIGINT from a person at the keyboard.
    const noticeMs = signal === 'SIGTERM' ? Math.min(5000, graceMs / 3) : 0;
    app.log.info({ signal, noticeMs, graceMs }, 'draining: not ready, then stopping');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, graceMs);
    timer.unref();
    // Stop accepting connections, let requests in flight finish, release the lease, close the database.
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, noticeMs);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== null) {
    if (config.metricsPort === config.port) throw new Error('METRICS_PORT must not be the public PORT.');
    const metrics = await serveMetrics(app.metrics, config.metricsPort, config.metricsHost);
    app.log.info({ address: metrics.address() }, 'metrics served at /metrics');
  }
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
