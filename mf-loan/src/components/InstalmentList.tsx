import type { ScheduleInstalment } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { formatMoney, loanMessages } from '@instalment/contract/loan';
import { Tag } from '@instalment/ui/kit';
import { dayOf, useBusinessZone } from '../dates';
import { autopayMessages } from '../autopay-messages';
import { messages } from '../messages';
import { InstalmentStatusTag } from './StatusTag';
import styles from './InstalmentList.module.css';

/** The schedule of a disbursed loan, each period with where it stands. */
export function InstalmentList({ instalments, term }: { instalments: ScheduleInstalment[]; term: number }) {
  const t = useT(messages);
  const ta = useT(autopayMessages);
  const tLoan = useT(loanMessages);
  const zone = useBusinessZone();
  return (
    <ol className={styles.list}>
      {instalments.map((item) => (
        <li key={item.period} className={`${styles.item} ${styles[item.status] ?? ''}`}>
          <div className={styles.head}>
            <span className={styles.period}>{t('periodOf', { period: item.period, term })}</span>
            {item.under_review ? <Tag tone="pending">{tLoan('underReview')}</Tag> : <InstalmentStatusTag status={item.status} />}
          </div>
          <div className={styles.main}>
            <span>{t('dueOn', { date: item.due_date })}</span>
            <span className={styles.total}>{formatMoney(item.total)}</span>
          </div>
          <p className={styles.breakdown}>
            {t('instalmentBreakdown', {
              principal: formatMoney(item.principal),
              interest: formatMoney(item.interest),
              fee: formatMoney(item.fee),
            })}
          </p>
          {item.status === 'paid' && (
            <p className={styles.state}>
              {t('paidOnDate', { date: dayOf(item.paid_at, zone) })}
              {item.paid_by_autopay && ` · ${ta('chargedAutomatically')}`}
            </p>
          )}
          {item.status === 'overdue' && (
            <p className={`${styles.state} ${styles.late}`}>
              {t('overdueBy', { days: item.overdue_days })} · {t('penaltyValue', { amount: formatMoney(item.penalty) })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
