import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TOKEN_HEADER } from '@instalment/contract/api';
import { CODE_FAIL } from '@instalment/contract/api';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_CONFIG, DEFAULT_LIMITS, productionProblems, type AppConfig, type Limits } from './settings/config';
import { originAllowed } from './settings/origins';
import type { Context } from './runtime/context';
import { openDatabase } from './db/database';
import type { Store } from './db/store';
import { backgroundJobs } from './background/jobs';
import { BackgroundRunner } from './background/runner';
import { createAuth } from './http/auth';
import { BODY_TIMEOUT_MS, bodyDeadline } from './http/body-deadline';
import { sessionChecksInWrites } from './http/session-writes';
import { fail, JSON_TYPE } from './http/envelope';
import { Metrics } from './runtime/metrics';
import { Readiness } from './http/readiness';
import { FileLinks } from './http/file-links';
import { tooManyRequests } from './http/rate-limits';
import { adminRoutes } from './routes/admin';
import { devRoutes } from './routes/dev';
import { gatewayRoutes } from './routes/gateways';
import { loanRoutes } from './routes/loan';
import { newsRoutes } from './routes/news';
import { portfolioRoutes } from './routes/portfolio';
import { sandboxRoutes } from './routes/sandbox';
import { smsRoutes } from './routes/sms';
import { staticRoutes } from './routes/static';
import { telemetryRoutes } from './routes/telemetry';
import type { RouteDeps, RoutePlugin } from './routes/deps';
import { MULTIPART_LIMITS, uploadRoutes } from './routes/upload';
import { userRoutes } from './routes/user';
import { autopayRoutes } from './routes/autopay';
import { EXPORT_LINK_SECONDS, myDataRoutes } from './routes/my-data';
import { docsOptions, documentOptions } from './openapi/document';
import { createServices, type Services } from './composition/services';
import { openStorage } from './storage/open';
import { localeOf, sentenceIn } from './http/sentence';
import type { ServerMessageKey } from './i18n/server';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { securityHeaders } from './http/security-headers';
import { redactedLogger } from './http/log-redaction';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { validationRefusal } from './http/validation';
import { Unauthorized } from './http/errors';
import { Forbidden, Refusal, sentenceOf } from './services/refusals';

export interface AppOptions extends Partial<Omit<AppConfig, 'limits'>> {
  /** Limits to change; the others keep their defaults. */
  limits?: Partial<Limits>;
  /** The clock, epoch ms; tests move it to expire tokens and make instalments fall due. */
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** How often the background runner ticks; a third of the lease unless a test wants it faster. */
  backgroundTickMs?: number;
  /** How long a request's body may take to arrive (BODY_TIMEOUT_MS unless a test wants it shorter). */
  bodyTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    appConfig: AppConfig;
    /** The database (tests and the benchmark reach it to look behind the API). */
    store: Store;
    /** Who runs the background work (tests look at whether this process holds it). */
    background: BackgroundRunner;
    /** Whether this process may take traffic (`/health/ready`); main.ts drains it on SIGTERM. */
    readiness: Readiness;
    /** The counters main.ts serves on METRICS_PORT. */
    metrics: Metrics;
  }
}

/** Messages for the framework's own refusals of malformed requests. */
const CLIENT_ERRORS: Record<string, ServerMessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaTypeRefused',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthMismatch',
};

/** Every route module, in the order the API document lists them, and when it is served at all. */
const ROUTES: ReadonlyArray<{ routes: RoutePlugin; when?: (config: AppConfig) => boolean }> = [
  { routes: userRoutes },
  { routes: myDataRoutes },
  { routes: smsRoutes },
  { routes: loanRoutes },
  { routes: portfolioRoutes },
  { routes: autopayRoutes },
  { routes: newsRoutes },
  { routes: telemetryRoutes },
  { routes: uploadRoutes },
  // The sandbox moves no money: it exists only where it is the configured gateway (never in production).
  { routes: sandboxRoutes, when: (config) => config.paymentProvider === 'sandbox' },
  { routes: gatewayRoutes },
  { routes: adminRoutes },
  { routes: staticRoutes },
  { routes: devRoutes, when: (config) => config.devRoutes },
];

/** The API server, not yet listening: main.ts listens on a port, tests on port 0 or through inject. */
export function buildApp(options: AppOptions = {}): FastifyInstance {
  const { logger = false, limits, backgroundTickMs, bodyTimeoutMs = BODY_TIMEOUT_MS, ...overrides } = options;
  const config: AppConfig = { ...DEFAULT_CONFIG, ...overrides, limits: { ...DEFAULT_LIMITS, ...limits } };
  // With development routes a person or a browser test may move this process's clock forward
  // (POST /dev/clock), to see a day turn over; a test that passes its own clock moves that one.
  let ahead = 0;
  const now = options.now ?? (config.devRoutes ? () => Date.now() + ahead : Date.now);
  const devClock =
    options.now || !config.devRoutes
      ? null
      : {
          advance: (ms: number) => {
            ahead += ms;
            return now();
          },
        };
  const problems = productionProblems(config);
  if (problems.length > 0) throw new Error(problems.join(' '));
  // `verbose`: a refusal names the range a number must fall in (http/validation.ts).
  const app = Fastify({
    logger: redactedLogger(logger),
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { verbose: true } },
  });

  const { store, migrated, ready, keys, cipher } = openDatabase(config, now());
  const storage = openStorage(config);
  const metrics = new Metrics();
  const ctx: Context = { store, config, now, log: app.log, metrics, cipher };
  const services = createServices(ctx, storage);
  const auth = createAuth(services.tokens);
  // Outside production a per-process key is enough: links then last until the next restart.
  const linkSecret = config.fileUrlSecret ? Buffer.from(config.fileUrlSecret) : randomBytes(32);
  const links = new FileLinks(linkSecret, config.limits.fileUrlTtlSeconds, now);
  const exportLinks = new FileLinks(linkSecret, EXPORT_LINK_SECONDS, now);
  app.decorate('services', services);
  app.decorate('appConfig', config);
  app.decorate('store', store);
  app.decorate('metrics', metrics);
  // A callback, not an async function: no promise for Fastify to await after every answer.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.requests.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.decorate(
    'readiness',
    new Readiness({
      database: () => sql`select 1`.execute(store.q),
      migrated,
      keys,
      storage: () => storage.writable(),
    }),
  );
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  // First of the hooks: the body's clock starts with its headers.
  bodyDeadline(app, bodyTimeoutMs);
  sessionChecksInWrites(app);
  const rateLimitStore = databaseRateLimitStore(store, now);
  // Sweeps, approvals, payment reconciliation and reminders: in one process of a deployment at a time.
  const jobs = backgroundJobs(services, config, () => rateLimitStore.sweep());
  const leaseMs = config.backgroundLeaseSeconds * 1000;
  // Often enough to renew the lease in time and to run the most frequent job when it is due.
  const background = new BackgroundRunner(store, now, app.log, jobs, {
    leaseMs,
    tickMs: backgroundTickMs ?? Math.min(leaseMs / 3, ...jobs.map((job) => job.everyMs)),
    failed: (job) => metrics.jobFailures.inc({ job }),
  });
  app.decorate('background', background);
  // The schema is migrated (and a new database seeded) before the first request is served.
  app.addHook('onReady', async () => {
    await ready;
    await services.tokens.sweep();
    // A bucket that does not answer yet must not stop the start: /health/ready says so, and the job sweeps later.
    await services.uploads.sweepChunks().catch((error: unknown) => app.log.error({ err: error }, 'chunk sweep failed'));
    await services.loans.approveDue(null);
    background.start();
  });

  app.addHook('onClose', async () => {
    // The migration may still be running when an app that never became ready is closed.
    await ready.catch(() => undefined);
    await background.stop();
    await store.close();
    await storage.close();
  });

  // nosniff, frame and referrer rules and no-store on every answer; pages and files set their own CSP and caching.
  securityHeaders(app);
  app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests, store: rateLimitStore });
  // The shell and each remote run on their own origins; they send the token in its own header.
  app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || originAllowed(config.corsOrigins, origin)),
    methods: ['GET', 'POST', 'OPTIONS'],
    // `Authorization` carries the operations console's bearer token.
    allowedHeaders: ['Content-Type', TOKEN_HEADER, 'Authorization', 'X-Requested-With'],
    // The console saves a CSV export under the name the server gives it, read from another origin.
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
  app.register(multipart, { limits: MULTIPART_LIMITS });
  // Before the routes, whose schemas it collects as they are declared.
  app.register(swagger, documentOptions(auth));
  // A development route like /dev/*: the document is rendered only where DEV_ROUTES is on, never in production.
  if (config.devRoutes) app.register(swaggerUi, docsOptions);

  // An empty JSON body is an empty object (FastAdmin clients post logout with none).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, {});
    return parseJson(request, body as string, done);
  });
  // Forms: Alipay's notify, the sandbox gateway's confirm button, and clients that post forms instead of JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    // A refusal's envelope is not the route's answer: it is written as it is, not by the route's
    // response schema; a serializer of its own drops the type Fastify would set, so it is said here.
    reply.serializer(JSON.stringify).type(JSON_TYPE);
    if (error instanceof Refusal) return reply.code(200).send(fail(error.sentence(locale), CODE_FAIL, error.data));
    if (error instanceof Unauthorized) return reply.code(401).send(fail(error.sentence(locale), 401));
    if (error instanceof Forbidden) return reply.code(403).send(fail(error.sentence(locale), 403));
    // A request that does not fit its route's schema: refused like any other, in the user's language.
    if (error.validation) return reply.code(200).send(fail(validationRefusal(error.validation)(locale)));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(
          fail(
            CLIENT_ERRORS[error.code]
              ? sentenceOf(CLIENT_ERRORS[error.code])(locale)
              : status === 400
                ? sentenceOf('unreadableRequest')(locale)
                : error.message,
          ),
        );
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(sentenceOf('serverFault')(locale)));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type(JSON_TYPE)
      .send(fail(sentenceIn(request, 'noEndpoint', { method: request.method, path: request.url.split('?')[0] }))),
  );

  const deps: RouteDeps = { services, auth, config, links, exportLinks, devClock };
  // Registered after the rate limiter and the document's plugin, which each route module's scope inherits.
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const { routes, when } of ROUTES) if (!when || when(config)) api.register(routes, deps);
  return app;
}
