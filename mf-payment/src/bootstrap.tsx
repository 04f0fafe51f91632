import { renderStandalone } from '@instalment/federation/harness';
import { loadPage } from './standalone';

renderStandalone('mf_payment', loadPage);
