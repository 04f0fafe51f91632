import { type DueLoan, dueLoans } from '@instalment/contract/api';
import type { PageProps } from '@instalment/host-sdk/host';
import { useHost, useT, useTabTap } from '@instalment/host-sdk/host';
import { formatMoney, loanMessages } from '@instalment/contract/loan';
import { Button, EmptyState, Loadable, useLoad } from '@instalment/ui/kit';
import { messages } from '../messages';
import styles from './pages.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

function DueLoanCard({ loan }: { loan: DueLoan }) {
  const host = useHost();
  const t = useT(messages);
  const tl = useT(loanMessages);
  const overdue = loan.status === 'overdue';
  return (
    <li className={`${styles.card} ${overdue ? styles.overdueCard : ''}`}>
      <div className={styles.cardHead}>
        <span className={styles.muted}>
          {t('orderNo')} {loan.order_no}
        </span>
        <span className={overdue ? styles.badgeOverdue : styles.badge}>{tl(`status_${loan.status}`)}</span>
      </div>
      <div className={styles.dueLine}>
        <span className={styles.muted}>{t('owedNow')}</span>
        <span className={styles.bigAmount}>{formatMoney(loan.owed)}</span>
        <span className={styles.muted}>
          {loan.owed_periods.map((period) => t('period', { n: period })).join(', ')}
          {loan.owed_periods.length > 0 && ' · '}
          {t('nextDue')} {loan.next_due_date}
        </span>
      </div>
      {loan.under_review && <p className={styles.muted}>{tl('underReview')}</p>}
      {overdue && (
        <p className={styles.overdueLine}>
          {t('overdueDays', { days: loan.overdue_days })} · {t('penalty', { amount: formatMoney(loan.penalty) })}
        </p>
      )}
      <p className={styles.muted}>
        {t('loanAmount')} {formatMoney(loan.amount)} · {t('remainingPrincipal')} {formatMoney(loan.remaining_principal)}
      </p>
      <div className={styles.actions}>
        <Button
          size="small"
          aria-label={t('uploadProofFor', { order_no: loan.order_no })}
          onClick={() => host.navigate(PATHS.proofUpload, { order_no: loan.order_no })}
        >
          {t('uploadProof')}
        </Button>
        <Button
          size="small"
          variant="primary"
          aria-label={t('repayLoan', { order_no: loan.order_no })}
          onClick={() => host.navigate(PATHS.repay, { order_no: loan.order_no })}
          disabled={loan.owed_periods.length === 0}
        >
          {t('repay')}
        </Button>
      </div>
    </li>
  );
}

/** The repay tab: every loan with something due, soonest first, as the server sums it in one request. */
export default function Repayments(_props: PageProps) {
  const host = useHost();
  const api = useApi({ portfolio: { dueLoans } });
  const loaded = useLoad(async () => (await api.portfolio.dueLoans()).list, [host]);
  useTabTap(() => void loaded.reload());
  return <Loadable loaded={loaded}>{(data) => <DueLoans loans={data} refreshing={loaded.loading} />}</Loadable>;
}

function DueLoans({ loans: data, refreshing }: { loans: DueLoan[]; refreshing: boolean }) {
  const t = useT(messages);
  if (data.length === 0) {
    return <EmptyState message={`${t('nothingDue')} ${t('nothingDueHint')}`} />;
  }
  return (
    <div className={styles.page} aria-busy={refreshing || undefined}>
      <h2 className={styles.sectionTitle}>{t('dueSummary', { count: data.length })}</h2>
      <ul className={styles.cards}>
        {data.map((loan) => (
          <DueLoanCard key={loan.order_no} loan={loan} />
        ))}
      </ul>
    </div>
  );
}
