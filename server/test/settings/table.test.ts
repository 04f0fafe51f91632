import fs from 'node:fs';
import { README_FILE, REWRITE, withTables } from '../../src/settings/table';

test("server/README.md's settings tables are the schema's descriptions", () => {
  const committed = fs.readFileSync(README_FILE, 'utf8');
  const drift =
    withTables(committed) === committed ? null : `server/README.md's settings tables differ from src/settings/schema.ts: run ${REWRITE}`;
  expect(drift).toBeNull();
});

test('a table edited by hand is written back from the schema', () => {
  const committed = fs.readFileSync(README_FILE, 'utf8');
  const edited = committed.replace('| Port to listen on.', '| The port.');
  expect(edited).not.toBe(committed);
  expect(withTables(edited)).toBe(committed);
});

test('a README without the markers is refused, naming the one missing', () => {
  expect(() => withTables('# server\n<!-- settings:environment -->\n<!-- /settings:environment -->\n')).toThrow(
    '<!-- settings:limits --> … <!-- /settings:limits -->',
  );
});
