import type Ajv from 'ajv';
import envSchema from 'env-schema';
import { SETTINGS, type Settings } from './schema';

export type Env = Record<string, string | undefined>;

type Property = (typeof SETTINGS.properties)[keyof typeof SETTINGS.properties];
const PROPERTIES: Record<string, Property> = SETTINGS.properties;

/** The words a flag may be written with, beyond the `true` and `false` the validator reads. */
const FLAG_WORDS: Record<string, 'true' | 'false'> = { '1': 'true', yes: 'true', on: 'true', '0': 'false', no: 'false', off: 'false' };

/**
 * The variables the schema names, as it reads them: an empty value is an unset one (an env file's
 * `NAME=` leaves a setting at its default), surrounding blanks are not part of a value.
 */
function given(env: Env): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, schema] of Object.entries(PROPERTIES)) {
    const value = env[name]?.trim();
    if (!value) continue;
    values[name] = schema.type === 'boolean' ? (FLAG_WORDS[value.toLowerCase()] ?? value.toLowerCase()) : value;
  }
  return values;
}

/** What a variable must be, from its schema: the sentence that names it when its value is not that. */
function expected(schema: Property): string {
  if ('enum' in schema) return `one of ${(schema.enum as readonly string[]).join(', ')}`;
  if (schema.type === 'integer') return `a whole number from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'boolean') return 'true or false';
  return `at least ${schema.minLength} characters`;
}

/** Secrets are never repeated back: only a value the reader may see in a log is quoted. */
const quoted = (schema: Property, value: string) => (schema.type === 'string' && !('enum' in schema) ? '' : `, not "${value}"`);

interface SchemaError extends Error {
  errors?: Array<{ instancePath: string }>;
}

let validator: Ajv | undefined;

/**
 * The environment checked against the schema, every value of its type and in its range, the
 * defaults filled in; each variable that is not is named in one error.
 */
export function readSettings(env: Env): Settings {
  const values = given(env);
  try {
    return envSchema<Settings>({
      schema: SETTINGS,
      data: { ...values },
      env: false,
      // One validator for the process: it compiles the schema once, not at every read (tests read often).
      ajv: { customOptions: (fresh) => (validator ??= fresh.addKeyword({ keyword: 'unset', schemaType: 'string' })) },
    });
  } catch (error) {
    const names = [...new Set((error as SchemaError).errors?.map((problem) => problem.instancePath.slice(1)) ?? [])];
    if (names.length === 0) throw error;
    throw new Error(
      names.map((name) => `${name} must be ${expected(PROPERTIES[name])}${quoted(PROPERTIES[name], values[name])}.`).join(' '),
    );
  }
}
