import { renderStandalone } from '@instalment/federation/harness';
import Apply from './pages/Apply';
import Contract from './pages/Contract';
import LoanDetail from './pages/LoanDetail';
import MyLoans from './pages/MyLoans';
import OverdueImpact from './pages/OverdueImpact';
import Settlement from './pages/Settlement';
import HomeLoanWidget from './widgets/HomeLoanWidget';

// The components behind this remote's exposed modules; the pages table says which route opens which.
renderStandalone('mf_loan', {
  './Apply': Apply,
  './MyLoans': MyLoans,
  './LoanDetail': LoanDetail,
  './Contract': Contract,
  './OverdueImpact': OverdueImpact,
  './Settlement': Settlement,
  './HomeLoanWidget': HomeLoanWidget,
});
