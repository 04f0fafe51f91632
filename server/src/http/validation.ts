import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { sentenceOf } from '../services/refusals';

/** What the validator reports with `verbose` on: the schema the value failed. */
type Reported = FastifySchemaValidationError & { parentSchema?: { type?: string; minimum?: number; maximum?: number } };

/**
 * What to tell a caller whose request does not fit the route's schema: the field that is
 * missing, out of range or of the wrong kind, or that the request as a whole could not be read.
 */
export function validationRefusal(problems: readonly FastifySchemaValidationError[]) {
  const first = problems[0] as Reported | undefined;
  const missing = first?.params?.missingProperty;
  if (typeof missing === 'string') return sentenceOf('fieldRequired', { name: missing });
  const name = (first?.instancePath ?? '').split('/').filter(Boolean)[0];
  if (!name) return sentenceOf('unreadableRequest');
  const schema = first?.parentSchema;
  const limit = Number(first?.params?.limit);
  if (first?.keyword === 'maxLength') return sentenceOf('textTooLong', { name, max: limit });
  if (first?.keyword === 'maxItems') return sentenceOf('listTooLong', { name, max: limit });
  if (schema?.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) {
    return sentenceOf('wholeNumberRange', { name, min: schema.minimum, max: schema.maximum });
  }
  return sentenceOf('fieldShape', { name });
}
