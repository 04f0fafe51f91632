import { act, screen, waitFor } from '@testing-library/react';
import { PATHS } from '@instalment/contract/paths';
import { renderStandalone, standalonePages } from '@instalment/federation/harness';
import { EXTRA_PAGES } from './extra-pages';
import { loadPage } from './loadPage';

test('the standalone harness opens every page the build exposes, the pages the team adds too', async () => {
  const pages = standalonePages('mf_account', EXTRA_PAGES);
  expect(pages.map((page) => page.module)).toEqual(expect.arrayContaining(['./ChangeMobile', './Terms', './Privacy', './MyData']));
  for (const page of pages) await expect(loadPage(page.file)).resolves.toHaveProperty('default', expect.anything());
});

test('the harness draws a page the pages table gives the remote that it once left out', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  window.location.hash = `#${PATHS.terms}`;
  await act(async () => {
    renderStandalone('mf_account', loadPage, EXTRA_PAGES);
  });
  expect(await screen.findByRole('link', { name: PATHS.changeMobile })).toBeInTheDocument();
  expect(screen.queryByText('Choose a page above.')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
});
