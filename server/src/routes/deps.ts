import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { AppConfig } from '../settings/config';
import type { Auth } from '../http/auth';
import type { FileLinks } from '../http/file-links';
import type { Services } from '../composition/services';

/** The app as routes see it: request and answer types follow each route's schema. */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What every route module is given. */
export interface RouteDeps {
  services: Services;
  auth: Auth;
  config: AppConfig;
  links: FileLinks;
  /** Links to a borrower's data archive: signed with the same key as `links`, but short-lived. */
  exportLinks: FileLinks;
  /** The process's clock as development moves it forward (POST /dev/clock); null when a test keeps its own. */
  devClock: { advance(ms: number): number } | null;
}

/**
 * A route module: an encapsulated plugin, registered by app.ts with the one `RouteDeps`. Its own
 * hooks and decorators stay in it; what every route needs (error handler, parsers, rate limiter,
 * the document's collector) is the root's, which each plugin inherits.
 */
export type RoutePlugin = FastifyPluginAsyncTypebox<RouteDeps>;
