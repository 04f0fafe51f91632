import type { TSchema } from '@sinclair/typebox';
import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { USERNAME_MAX } from '@instalment/contract/api/schemas';
import { MULTIPART_LIMITS } from '../../../src/routes/upload';
import { SETTING_SHAPES } from '../../../src/console/approvals/settings';
import { startServer, type TestServer } from '../../helpers';
import { post } from './traffic';

/**
 * Bounded input (issue 36): an attacker filled the audit log with 255,000-character usernames.
 * Every text any route accepts has a most length and every list a most count, so no request
 * carries more than its fields can hold. A field added without its bound fails here.
 */

/** What a request's part may hold, found by walking its schema. */
type Schema = TSchema & Record<string, unknown>;

/** Values a route's schema leaves open because something else bounds them before they are used. */
const JUDGED_ELSEWHERE = new Set([
  // A setting's value is judged by the setting's own shape (`SETTING_SHAPES`, walked below).
  'POST /admin/api/settings/:key body.value',
  // The uploaded files, a borrower's and a news cover: multipart's own limits bound them (checked below).
  'POST /api/common/upload body.file',
  'POST /admin/api/news/cover body.file',
]);

/** The fields of `schema` (at `where`) that hold text or a list without a bound. */
function unbounded(schema: Schema, where: string): string[] {
  const types = [schema.type].flat();
  const problems: string[] = [];
  if (schema.const !== undefined || schema.enum !== undefined) return problems;
  if (schema.type === undefined && !schema.anyOf && !schema.oneOf && !schema.allOf) return [`${where} (any value)`];
  if (types.includes('string') && typeof schema.maxLength !== 'number') problems.push(`${where} (text)`);
  if (types.includes('array') && typeof schema.maxItems !== 'number') problems.push(`${where} (list)`);
  const nested = (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []) as Schema[];
  nested.forEach((branch, index) => problems.push(...unbounded(branch, `${where}|${index}`)));
  if (schema.items) problems.push(...unbounded(schema.items as Schema, `${where}[]`));
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    problems.push(...unbounded(property, `${where}.${name}`));
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    problems.push(...unbounded(schema.additionalProperties as Schema, `${where}{}`));
  }
  return problems;
}

const PARTS = ['body', 'querystring', 'params', 'headers'] as const;

let server: TestServer;
const problems: string[] = [];
const routes: string[] = [];

beforeAll(async () => {
  server = await startServer({}, (app) =>
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const name = `${method} ${route.url}`;
        routes.push(name);
        for (const part of PARTS) {
          const schema = route.schema?.[part] as Schema | undefined;
          if (schema) problems.push(...unbounded(schema, `${name} ${part === 'querystring' ? 'query' : part}`));
        }
      }
    }),
  );
});
afterAll(() => server.close());

test('every text a route accepts has a most length, every list a most count', () => {
  expect(problems.filter((problem) => !JUDGED_ELSEWHERE.has(problem.replace(/ \(any value\)$/, '')))).toEqual([]);
});

test.each(Object.entries(SETTING_SHAPES))('a new value of the setting %s is bounded too', (key, shape) => {
  expect(unbounded(shape as Schema, key)).toEqual([]);
});

test('the values left open exist, so the list names only what it needs', () => {
  for (const open of JUDGED_ELSEWHERE) expect(problems).toContain(`${open} (any value)`);
});

test('an upload, a borrower file or a news cover, is bounded by its multipart limits: one file, a few short fields', () => {
  expect(routes).toEqual(expect.arrayContaining(['POST /api/common/upload', 'POST /admin/api/news/cover']));
  expect(MULTIPART_LIMITS).toMatchObject({ files: 1, fileSize: expect.any(Number) });
  for (const limit of ['fileSize', 'fields', 'fieldSize', 'parts', 'headerPairs'] as const) {
    expect(Number.isFinite(MULTIPART_LIMITS[limit])).toBe(true);
  }
  expect(MULTIPART_LIMITS.fieldSize).toBeLessThanOrEqual(1024);
});

test("a text over its bound is refused with the bound, in the reader's language", async () => {
  const login = { username: 'a'.repeat(USERNAME_MAX + 1), password: 'x', totp: '123456' };
  expect((await post(server.baseURL, ADMIN_ENDPOINTS.login, login)).body.msg).toBe(
    `username can be at most ${USERNAME_MAX} characters long.`,
  );
  const inChinese = await post(server.baseURL, ADMIN_ENDPOINTS.login, login, { 'accept-language': 'zh-CN' });
  expect(inChinese.body.msg).toBe(`username 最多 ${USERNAME_MAX} 个字符。`);
});
