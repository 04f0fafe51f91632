import type { ComponentType } from 'react';
import type { PageProps } from '@instalment/shared/host';
import { renderStandalone } from '@instalment/shared/harness';
import Apply from './pages/Apply';
import Contract from './pages/Contract';
import LoanDetail from './pages/LoanDetail';
import MyLoans from './pages/MyLoans';
import OverdueImpact from './pages/OverdueImpact';
import Settlement from './pages/Settlement';
import HomeLoanWidget from './widgets/HomeLoanWidget';

// Every route of SPEC §2 this remote owns, so each can be opened when the remote runs alone.
const pages: Record<string, ComponentType<PageProps>> = {
  '/': HomeLoanWidget,
  '/pages/loan/apply': Apply,
  '/pages/loan/loan': MyLoans,
  '/pages/loan/detail': LoanDetail,
  '/pages/loan/contract': Contract,
  '/pages/overdue/impact': OverdueImpact,
  '/pages/borrowing/apply': Apply,
  '/pages/borrowing/loan': MyLoans,
  '/pages/borrowing/myloans': MyLoans,
  '/pages/borrowing/detail': LoanDetail,
  '/pages/borrowing/contract': Contract,
  '/pages/borrowing/impact': OverdueImpact,
  '/pages/borrowing/settlement': Settlement,
};

renderStandalone(pages);
