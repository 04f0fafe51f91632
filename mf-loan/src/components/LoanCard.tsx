import type { LoanSummary } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { formatMoney, loanMessages } from '@instalment/contract/loan';
import { dayOf, useBusinessZone } from '../dates';
import { messages } from '../messages';
import { LoanStatusTag } from './StatusTag';
import styles from './LoanCard.module.css';
import { PATHS } from '@instalment/contract/paths';
import { PageLink } from '@instalment/ui/kit';

/** One loan in the list; the whole card opens its detail. */
export function LoanCard({ loan }: { loan: LoanSummary }) {
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const zone = useBusinessZone();
  return (
    <PageLink path={PATHS.loanDetail} query={{ order_no: loan.order_no }} className={styles.card}>
      <div className={styles.top}>
        <span className={styles.amount}>{formatMoney(loan.amount)}</span>
        <LoanStatusTag status={loan.status} />
      </div>
      <p className={styles.sub}>
        {tLoan('months', { n: loan.term })} · {t('loanNo', { order_no: loan.order_no })}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('appliedOn')}</dt>
          <dd>{dayOf(loan.created_at, zone)}</dd>
        </div>
        <div>
          <dt>{t('nextPayment')}</dt>
          <dd>
            {loan.next_due_date && loan.next_due_amount
              ? t('nextPaymentValue', { amount: formatMoney(loan.next_due_amount), date: loan.next_due_date })
              : t('nothingDue')}
          </dd>
        </div>
        <div>
          <dt>{t('remainingPrincipal')}</dt>
          <dd>{formatMoney(loan.remaining_principal)}</dd>
        </div>
      </dl>
    </PageLink>
  );
}
