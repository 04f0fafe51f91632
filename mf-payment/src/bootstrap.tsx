import { renderStandalone } from '@instalment/shared/harness';
import Cashier from './pages/Cashier';
import ProofUpload from './pages/ProofUpload';
import Repay from './pages/Repay';
import Repayments from './pages/Repayments';

renderStandalone({
  '/pages/repay/repay': Repayments,
  '/pages/payment/repay': Repay,
  '/pages/payment/cashier': Cashier,
  '/pages/payment/upload': ProofUpload,
  '/pages/repay/upload': ProofUpload,
});
