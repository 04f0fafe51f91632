import type { ReactNode } from 'react';
import {
  installments,
  type LoanDetail as Loan,
  orderDetail,
  payoff,
  type Proof,
  type ScheduleInstalment,
  withdrawProof,
} from '@instalment/contract/api';
import { type PageProps, useHost, usePullDownRefresh, useT } from '@instalment/host-sdk/host';
import { formatMoney, formatRate, isRepayable, loanMessages } from '@instalment/contract/loan';
import { Button, Card, Loadable, Rows, useLoad } from '@instalment/ui/kit';
import { AutopayEntry } from '../components/AutopayEntry';
import { InstalmentList } from '../components/InstalmentList';
import { LoanLoadFailure, LoanNotFound } from '../components/LoanNotFound';
import { LoanStatusTag } from '../components/StatusTag';
import { ProofList } from '../components/ProofList';
import { dayOf, useBusinessZone } from '../dates';
import { messages } from '../messages';
import styles from './LoanDetail.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

const QUIET = { loading: false, toast: false };

export default function LoanDetail({ query }: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { orderDetail, installments } });
  const orderNo = query.order_no?.trim() ?? '';
  const loaded = useLoad(async () => {
    if (!orderNo) return null;
    const [loan, schedule] = await Promise.all([
      api.loan.orderDetail({ order_no: orderNo }, QUIET),
      api.loan.installments({ order_no: orderNo }, QUIET),
    ]);
    return loan ? { loan, instalments: schedule?.list ?? [] } : null;
  }, [host, orderNo]);
  usePullDownRefresh(() => loaded.reload());

  if (!orderNo) return <LoanNotFound />;
  return (
    <Loadable
      loaded={loaded}
      failure={(error, retry) => <LoanLoadFailure error={error} orderNo={orderNo} onRetry={retry} />}
      empty={<LoanNotFound orderNo={orderNo} />}
    >
      {(data) => <LoanView loan={data.loan} instalments={data.instalments} onChange={() => void loaded.reload()} />}
    </Loadable>
  );
}

function LoanView({ loan, instalments, onChange }: { loan: Loan; instalments: ScheduleInstalment[]; onChange: () => void }) {
  const host = useHost();
  const api = useApi({ loan: { withdrawProof } });
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const zone = useBusinessZone();
  const rows: Array<[string, ReactNode]> = [
    [t('status'), <LoanStatusTag status={loan.status} />],
    [t('loanAmount'), formatMoney(loan.amount)],
    [t('loanTerm'), tLoan('months', { n: loan.term })],
    [t('purpose'), tLoan(`purpose_${loan.purpose}`)],
    [t('monthlyRate'), formatRate(loan.monthly_rate_bp)],
    [t('monthlyFee'), formatRate(loan.monthly_fee_bp)],
    [t('annualRate'), formatRate(loan.apr_bp)],
    [t('monthlyPayment'), formatMoney(loan.monthly_payment)],
    [t('totalInterest'), formatMoney(loan.total_interest)],
    [t('totalFees'), formatMoney(loan.total_fee)],
    [t('totalRepayment'), formatMoney(loan.total_repayment)],
    [t('remainingPrincipal'), formatMoney(loan.remaining_principal)],
    [t('paidPeriods'), t('paidPeriodsValue', { paid: loan.paid_periods, term: loan.term })],
    [t('bankAccount'), `${loan.bank_name} ${loan.bank_card}`],
    [t('appliedOn'), dayOf(loan.created_at, zone)],
  ];
  if (loan.approved_at) rows.push([t('approvedOn'), dayOf(loan.approved_at, zone)]);
  if (loan.disbursed_at) rows.push([t('paidOutOn'), dayOf(loan.disbursed_at, zone)]);
  if (loan.reject_reason) rows.push([t('rejectReason'), loan.reject_reason]);
  if (loan.settled_at) rows.push([t('settledOn'), dayOf(loan.settled_at, zone)]);
  if (loan.overdue_days > 0) {
    rows.push([t('overdueDays'), String(loan.overdue_days)], [t('penalty'), formatMoney(loan.penalty)]);
  }

  const withdraw = async (voucher: Proof) => {
    if (!(await host.ui.confirm(t('withdrawProofConfirm')))) return;
    await api.loan.withdrawProof({ voucher_id: voucher.id });
    host.ui.toast(t('proofWithdrawn'), 'success');
    onChange();
  };

  return (
    <div className={styles.page}>
      <Card>
        <h2 className={styles.heading}>{t('summary')}</h2>
        <p className={styles.orderNo}>{t('loanNo', { order_no: loan.order_no })}</p>
        <Rows rows={rows} />
      </Card>
      <LoanActions loan={loan} />
      {isRepayable(loan.status) && <PayoffOffer loan={loan} />}
      <Card>
        <h2 className={styles.heading}>{t('instalments')}</h2>
        {instalments.length > 0 ? (
          <InstalmentList instalments={instalments} term={loan.term} />
        ) : (
          <p className={styles.muted}>{t('noInstalments')}</p>
        )}
      </Card>
      {loan.vouchers.length > 0 && (
        <Card>
          <h2 className={styles.heading}>{t('vouchers')}</h2>
          <ProofList vouchers={loan.vouchers} onWithdraw={(voucher) => void withdraw(voucher).catch(() => undefined)} />
        </Card>
      )}
    </div>
  );
}

/**
 * Settling the whole loan today, at the quote the server computes: interest only for the days
 * the principal was outstanding, nothing for months not yet begun.
 */
function PayoffOffer({ loan }: { loan: Loan }) {
  const host = useHost();
  const api = useApi({ loan: { payoff } });
  const t = useT(messages);
  const { data: quote, error } = useLoad(() => api.loan.payoff({ order_no: loan.order_no }, QUIET), [host, loan.order_no]);
  if (error) return <p className={styles.muted}>{error.message}</p>;
  if (!quote) return null;
  return (
    <Card>
      <h2 className={styles.heading}>{t('payoffTitle')}</h2>
      <p className={styles.muted}>{t('payoffHint', { date: quote.as_of })}</p>
      <Rows
        rows={[
          [t('payoffPrincipal'), formatMoney(quote.principal)],
          [t('payoffInterest'), formatMoney(quote.interest)],
          [t('payoffFee'), formatMoney(quote.fee)],
          [t('payoffPenalty'), formatMoney(quote.penalty)],
          [t('payoffTotal'), formatMoney(quote.total)],
        ]}
      />
      <Button variant="primary" block onClick={() => host.navigate(PATHS.cashier, { order_no: loan.order_no, payoff: '1' })}>
        {t('payoffNow', { amount: formatMoney(quote.total) })}
      </Button>
    </Card>
  );
}

/** The next steps a loan in this status allows. */
function LoanActions({ loan }: { loan: Loan }) {
  const host = useHost();
  const t = useT(messages);
  const order = { order_no: loan.order_no };
  const repayable = isRepayable(loan.status);
  return (
    <nav className={styles.actions} aria-label={t('actions')}>
      {repayable && (
        <Button variant="primary" onClick={() => host.navigate(PATHS.repay, order)}>
          {t('repay')}
        </Button>
      )}
      {repayable && <Button onClick={() => host.navigate(PATHS.proofUpload, order)}>{t('uploadProof')}</Button>}
      {repayable && <AutopayEntry />}
      {loan.status === 'settled' && (
        <Button variant="primary" onClick={() => host.navigate(PATHS.settlement, order)}>
          {t('settlementCertificate')}
        </Button>
      )}
      {loan.status !== 'rejected' && <Button onClick={() => host.navigate(PATHS.contract, order)}>{t('viewContract')}</Button>}
      {repayable && <Button onClick={() => host.navigate(PATHS.overdueImpact)}>{t('overdueImpact')}</Button>}
    </nav>
  );
}
