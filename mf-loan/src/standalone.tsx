import { renderStandalone } from '@instalment/federation/harness';
import { loadPage } from './loadPage';

renderStandalone('mf_loan', loadPage);
