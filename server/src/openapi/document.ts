import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { TOKEN_HEADER } from '@instalment/contract/api';
import type { Auth } from '../http/auth';
import { describeRoute, finishDocument } from './operations';

/** Where a development server renders the document (never registered in production). */
export const DOCS_PATH = '/docs';

const DESCRIPTION = `The reference API of the instalment-loan app (SPEC §7) and of its operations console.

Every JSON answer is FastAdmin's envelope \`{ code, msg, time, data }\`: \`code: 1\` with the answer's data,
or a refusal of the API's rules (a wrong code, a limit, a request its schema refuses) with HTTP 200,
\`code: 0\`, a message for the person in the language of \`Accept-Language\` (en or zh) and \`data: null\`
unless the client acts on it. Money is strings of yuan with two decimals.`;

/**
 * The OpenAPI 3.1 document of the routes, built from their schemas by @fastify/swagger. Its one
 * server is relative (`/`, the host that serves the document): it names no deployment, so the
 * committed file is the same on every machine and a client resolves the paths against the host
 * it was given.
 */
export const documentOptions = (auth: Auth): FastifyDynamicSwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Instalment API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The host the API is served from' }],
    components: {
      securitySchemes: {
        borrowerToken: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description:
            'A borrower’s token (64 hex characters) from registration or a login, valid for TOKEN_TTL_SECONDS until logout. Never sent to /admin/api.',
        },
        operatorBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An operator’s session token from POST /admin/api/auth/login (password and a fresh authenticator code), valid for a working day (8 h). A borrower token is refused here.',
        },
      },
    },
  },
  // 3.1 is JSON Schema 2020-12: a literal stays `const`, as TypeBox wrote it.
  convertConstToEnum: false,
  transform: describeRoute(auth),
  transformObject: finishDocument,
});

/** Swagger UI from the npm package's own files, asking no other host for anything. */
export const docsOptions: FastifySwaggerUiOptions = {
  routePrefix: DOCS_PATH,
  uiConfig: { deepLinking: true },
};
