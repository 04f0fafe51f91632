import { renderStandalone } from '@instalment/federation/harness';
import Cashier from './pages/Cashier';
import ProofUpload from './pages/ProofUpload';
import Repay from './pages/Repay';
import Repayments from './pages/Repayments';

// The components behind this remote's exposed modules; the pages table says which route opens which.
renderStandalone('mf_payment', { './Repayments': Repayments, './Repay': Repay, './Cashier': Cashier, './ProofUpload': ProofUpload });
