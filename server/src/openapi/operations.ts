import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { BORROWER_SOMETIMES, type Auth } from '../http/auth';
import { rolesNeeded } from '../routes/admin/guard';
import { AREAS, TAGS, type Tag } from './areas';
import { REFUSALS, type Refusal } from './refusals';
import { SUMMARIES } from './summaries';

/** How the transform hands an operation's refusals to the finished document (an `x-` key is copied onto it). */
const REFUSALS_KEY = 'x-refusals';

const BORROWER = { borrowerToken: [] };
const OPERATOR = { operatorBearer: [] };

function tagOf(url: string): Tag {
  const area = AREAS.find(([prefix]) => url.startsWith(prefix));
  if (!area) throw new Error(`${url}: no area of the API document takes this path; add its prefix to server/src/openapi/areas.ts`);
  return area[1];
}

/** `getAdminApiLoansOrderNoApprove`: unique per method and path, and stable while the path is. */
function operationIdOf(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return [method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join('');
}

/**
 * Each route's operation: its tag, summary and id, who may call it (from the hooks that guard it:
 * the borrower's `auth.required`, the console's declaration), and the HTTP refusals the framework
 * may answer it with. A route that checks the token only in some cases declares
 * `BORROWER_SOMETIMES`.
 */
export function describeRoute(auth: Auth): SwaggerTransform {
  return ({ schema, url, route }) => {
    // Swagger UI's own files.
    if (schema?.hide) return { schema, url };
    const method = [route.method].flat()[0];
    const key = `${method} ${url}`;
    const summary = SUMMARIES[key];
    if (summary === undefined) throw new Error(`${key}: no summary in server/src/openapi/summaries.ts`);
    const refusals: Refusal[] = [];
    const described: FastifySchema & Record<string, unknown> = {
      ...schema,
      summary,
      operationId: operationIdOf(method, url),
      tags: [tagOf(url)],
    };
    const consoleRoute = route.config?.consoleRoute;
    const borrower = [route.onRequest].flat().includes(auth.required);
    if (consoleRoute) {
      described.security = consoleRoute.public ? [] : [OPERATOR];
      if (!consoleRoute.public) refusals.push('401');
      const roles = rolesNeeded(consoleRoute);
      if (roles.length > 0) {
        refusals.push('403');
        described.description = `Operators with one of the roles: ${roles.join(', ')}.`;
      }
    } else if (borrower) {
      described.security = [BORROWER];
      refusals.push('401');
    } else if (schema?.security === BORROWER_SOMETIMES) {
      described.security = BORROWER_SOMETIMES;
      refusals.push('401');
    } else {
      described.security = [];
    }
    if (schema?.body) refusals.push('400', '413', '415');
    if (route.config?.rateLimit) refusals.push('429');
    described[REFUSALS_KEY] = refusals;
    return { schema: described, url };
  };
}

/** The parts of the generated document this module reads and changes. */
interface Operation {
  tags?: string[];
  responses?: Record<string, unknown>;
  [REFUSALS_KEY]?: Refusal[];
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

/**
 * The finished document, in an order that does not depend on the order routes were registered in
 * (paths sorted, tags in the order of `areas.ts`, only those used), with each operation's
 * refusals referring to the shared answers.
 */
export const finishDocument: SwaggerTransformObject = (documentObject) => {
  const document = (documentObject as { openapiObject: Document }).openapiObject;
  const used = new Set<string>();
  const paths: Record<string, Record<string, Operation>> = {};
  for (const path of Object.keys(document.paths ?? {}).sort()) {
    const item = document.paths![path];
    for (const operation of Object.values(item)) {
      for (const tag of operation.tags ?? []) used.add(tag);
      for (const status of operation[REFUSALS_KEY] ?? []) operation.responses![status] = { $ref: `#/components/responses/${status}` };
      delete operation[REFUSALS_KEY];
    }
    paths[path] = item;
  }
  return {
    ...document,
    paths,
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    components: { ...document.components, responses: REFUSALS },
  };
};
