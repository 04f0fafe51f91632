import * as addresses from './addresses';
import { PATHS } from './paths';

// A remote's chunk keeps the addresses it links to only when each is an export of its own:
// webpack follows `PATHS.x` into a namespace, never into an object literal's keys.
test('every page’s address is a binding of its own, and PATHS is their namespace', () => {
  expect(PATHS).toBe(addresses);
  expect(PATHS.newsDetail).toBe('/pages/news/detail');
});
