import type { Voucher } from '@instalment/shared/api';
import { useT } from '@instalment/shared/host';
import { formatMoney, formatPeriods } from '@instalment/shared/loan';
import { dayOf } from '../dates';
import { messages } from '../messages';
import { VoucherStatusTag } from './StatusTag';
import styles from './VoucherList.module.css';

/** Payment proofs the borrower sent, with where each stands in review. */
export function VoucherList({ vouchers }: { vouchers: Voucher[] }) {
  const t = useT(messages);
  return (
    <ul className={styles.list}>
      {vouchers.map((voucher) => (
        <li key={voucher.id} className={styles.item}>
          <div className={styles.head}>
            <span>{t('voucherLine', { amount: formatMoney(voucher.amount), periods: formatPeriods(voucher.periods) })}</span>
            <VoucherStatusTag status={voucher.status} />
          </div>
          <p className={styles.meta}>{t('uploadedOn', { date: dayOf(voucher.created_at) })}</p>
          {voucher.remark && <p className={styles.meta}>{voucher.remark}</p>}
        </li>
      ))}
    </ul>
  );
}
