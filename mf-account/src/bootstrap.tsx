import { renderStandalone } from '@instalment/federation/harness';
import { EXTRA_PAGES } from './pages';
import { loadPage } from './standalone';

renderStandalone('mf_account', loadPage, EXTRA_PAGES);
