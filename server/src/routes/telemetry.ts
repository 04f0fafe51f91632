import { ENDPOINTS, TELEMETRY_LIMITS } from '@instalment/contract/api';
import { envelopeOf, NoData, TelemetryBatch } from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import { fail } from '../http/envelope';
import { perAddress } from '../http/rate-limits';
import { localeOf } from '../http/sentence';
import { validationRefusal } from '../http/validation';
import type { RoutePlugin } from './deps';

/** The window of TELEMETRY_BATCHES_PER_ADDRESS. */
const TELEMETRY_WINDOW_SECONDS = 60;

/**
 * Browsers' reports of the pages they drew, without a session. `navigator.sendBeacon` posts them
 * as `text/plain` (a request CORS lets through without a preflight), read here, on this route
 * only, as JSON; `application/json` is read too. The batch's own bounds are the contract's.
 */
export const telemetryRoutes: RoutePlugin = async (app, { services, config }) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJson);

  app.post(
    ENDPOINTS.telemetry,
    {
      schema: {
        body: TelemetryBatch,
        consumes: ['text/plain', 'application/json'],
        response: { 204: Type.Null({ description: 'The reports were taken.' }), 400: envelopeOf(NoData) },
      },
      bodyLimit: TELEMETRY_LIMITS.bytes,
      // A report that does not fit is refused with 400, not a rule's `code: 0`: no person reads the answer.
      attachValidation: true,
      ...perAddress(config.limits.telemetryBatchesPerAddress, TELEMETRY_WINDOW_SECONDS),
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply
          .code(400)
          .type('application/json; charset=utf-8')
          .send({ ...fail(validationRefusal(request.validationError.validation)(localeOf(request))), data: null });
      }
      await services.telemetry.ingest(request.body);
      return reply.code(204).send(null);
    },
  );
};
