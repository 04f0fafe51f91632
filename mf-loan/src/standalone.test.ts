import { standalonePages } from '@instalment/federation/harness';
import { loadPage } from './loadPage';

test('the standalone harness opens every page the build exposes', async () => {
  const pages = standalonePages('mf_loan');
  expect(pages.map((page) => page.module)).toEqual(expect.arrayContaining(['./Apply', './HomeLoanWidget']));
  for (const page of pages) await expect(loadPage(page.file)).resolves.toHaveProperty('default', expect.anything());
});
