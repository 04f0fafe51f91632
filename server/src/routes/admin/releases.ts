import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { envelopeOf, ReleaseAction, ReleasesView, RemoteName } from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { localeOf } from '../../http/sentence';
import { RELEASES_LOCK } from '../../services/releases/service';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

const remoteOf = (request: FastifyRequest) => `release:${(request.params as { remote: string }).remote}`;

/**
 * The Releases screen: each remote's live releases, their last hour and history, read by a
 * team's release manager (`releases`) and the auditor; releasing, promoting and rolling back
 * (`releases`), each change audited in the write that makes it, under the releases' lock.
 */
export function consoleReleaseRoutes(app: ApiInstance, { services: { releases }, read, write }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.releases,
    { ...consoleRoute('release.list', 'releases', () => 'releases'), schema: { response: { 200: envelopeOf(ReleasesView) } } },
    async (request) => read(request, await releases.view(localeOf(request))),
  );
  app.post(
    ADMIN_ENDPOINTS.releaseAction,
    {
      ...consoleRoute('release.change', 'releases', remoteOf),
      schema: { params: Type.Object({ remote: RemoteName }), body: ReleaseAction, response: { 200: envelopeOf(ReleasesView) } },
    },
    async (request) => {
      // The manifest is fetched before the write: no lock is held while another server answers.
      const prepared = await releases.prepare(request.params.remote, request.body);
      await write(request, (tx) => releases.apply(tx, prepared, operatorOf(request).username), [RELEASES_LOCK]);
      return ok(await releases.view(localeOf(request)));
    },
  );
}
