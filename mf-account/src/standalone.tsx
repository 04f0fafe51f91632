import { renderStandalone } from '@instalment/federation/harness';
import { EXTRA_PAGES } from './extra-pages';
import { loadPage } from './loadPage';

renderStandalone('mf_account', loadPage, EXTRA_PAGES);
