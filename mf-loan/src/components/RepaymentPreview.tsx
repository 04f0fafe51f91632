import { useId } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { annualRateBp, formatMoney, formatRate, fromFen, type Schedule } from '@instalment/contract/loan';
import { messages } from '../messages';
import styles from './RepaymentPreview.module.css';

const money = (fen: number) => formatMoney(fromFen(fen));

/** The APR the borrower is signing up to, from the schedule itself (what is lent is what is repaid less interest and fees). */
const aprOf = (schedule: Schedule) =>
  annualRateBp(
    schedule.totalRepaymentFen - schedule.totalInterestFen - schedule.totalFeeFen,
    schedule.instalments.map((row) => row.totalFen),
  );

/** What the applicant will repay, from the same schedule rule the server applies at disbursal. */
export function RepaymentPreview({ schedule }: { schedule: Schedule | null }) {
  const t = useT(messages);
  const titleId = useId();
  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('previewTitle')}
      </h2>
      {schedule ? (
        <>
          <dl className={styles.totals}>
            <div className={styles.headline}>
              <dt>{t('monthlyPayment')}</dt>
              <dd>{money(schedule.monthlyPaymentFen)}</dd>
            </div>
            <div>
              <dt>{t('totalInterest')}</dt>
              <dd>{money(schedule.totalInterestFen)}</dd>
            </div>
            <div>
              <dt>{t('totalFees')}</dt>
              <dd>{money(schedule.totalFeeFen)}</dd>
            </div>
            <div>
              <dt>{t('totalCost')}</dt>
              <dd>{money(schedule.totalInterestFen + schedule.totalFeeFen)}</dd>
            </div>
            <div>
              <dt>{t('totalRepayment')}</dt>
              <dd>{money(schedule.totalRepaymentFen)}</dd>
            </div>
            <div className={styles.headline}>
              <dt>{t('annualRate')}</dt>
              <dd>{formatRate(aprOf(schedule))}</dd>
            </div>
          </dl>
          {/* Scrolls sideways on a narrow phone, so a keyboard can reach it too (WCAG 2.1.1). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
          <div className={styles.scroll} role="region" aria-labelledby={`${titleId}-caption`} tabIndex={0}>
            <table className={styles.table}>
              <caption id={`${titleId}-caption`}>{t('scheduleCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('colPeriod')}</th>
                  <th scope="col">{t('colDueDate')}</th>
                  <th scope="col">{t('colPrincipal')}</th>
                  <th scope="col">{t('colInterest')}</th>
                  <th scope="col">{t('colFee')}</th>
                  <th scope="col">{t('colTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {schedule.instalments.map((row) => (
                  <tr key={row.period}>
                    <th scope="row">{row.period}</th>
                    <td>{row.dueDate}</td>
                    <td>{money(row.principalFen)}</td>
                    <td>{money(row.interestFen)}</td>
                    <td>{money(row.feeFen)}</td>
                    <td>{money(row.totalFen)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className={styles.empty}>{t('previewEmpty')}</p>
      )}
    </section>
  );
}
