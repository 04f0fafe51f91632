import path from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { ENVIRONMENT, LIMITS } from './schema';

/** The file whose tables the schema writes, and the command that writes them. */
export const README_FILE = path.join(__dirname, '..', '..', 'README.md');
export const REWRITE = 'npm run settings-table -w server';

interface Table {
  properties: Record<string, TSchema>;
  /** Whether each row states its range; the limits' prose states their one range (at least 1) once. */
  ranges: boolean;
}

/** Each table's place in the README: between `<!-- settings:name -->` and `<!-- /settings:name -->`. */
const TABLES: Record<string, Table> = {
  environment: { properties: ENVIRONMENT.properties, ranges: true },
  limits: { properties: LIMITS.properties, ranges: false },
};

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [24 * 3600, 'day'],
  [3600, 'h'],
  [60, 'min'],
];

/** A duration in seconds as a person reads it, beside the number the variable takes. */
function readable(name: string, value: number): string {
  const unit = name.endsWith('_SECONDS') ? UNITS.find(([size]) => value >= size && value % size === 0) : undefined;
  if (!unit) return '';
  const count = value / unit[0];
  return ` (${count} ${unit[1]}${unit[1] === 'day' && count > 1 ? 's' : ''})`;
}

function defaultOf(name: string, schema: TSchema): string {
  const value: unknown = schema.default;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return `\`${value}\`${readable(name, value)}`;
  if (typeof value === 'string') return `\`${value}\``;
  return (schema.unset as string | undefined) ?? '—';
}

/** The schema's range, so that the README says what a start refuses. */
function rangeOf(schema: TSchema): string {
  if (schema.type === 'integer') return ` A whole number from ${schema.minimum} to ${schema.maximum}.`;
  if (schema.minLength !== undefined) return ` At least ${schema.minLength} characters.`;
  return '';
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

function tableOf({ properties, ranges }: Table): string {
  const rows = Object.entries(properties).map(([name, schema]) => {
    const meaning = `${schema.description as string}${ranges ? rangeOf(schema) : ''}`;
    return `| \`${name}\` | ${cell(defaultOf(name, schema))} | ${cell(meaning)} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README with every settings table as the schema describes it; an absent marker is an error naming it. */
export function withTables(readme: string): string {
  return Object.entries(TABLES).reduce((text, [name, table]) => {
    const start = `<!-- settings:${name} -->`;
    const end = `<!-- /settings:${name} -->`;
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${README_FILE} has no ${start} … ${end} for the ${name} table.`);
    return `${text.slice(0, from + start.length)}\n\n${tableOf(table)}\n\n${text.slice(to)}`;
  }, readme);
}
