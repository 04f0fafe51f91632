import type { Proof } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { formatMoney, formatPeriods } from '@instalment/contract/loan';
import { Button } from '@instalment/ui/kit';
import { dayOf, useBusinessZone } from '../dates';
import { messages } from '../messages';
import { ProofStatusTag } from './StatusTag';
import styles from './ProofList.module.css';

/**
 * Payment proofs the borrower sent, with where each stands in review. A pending proof reserves
 * its instalments; withdrawing it frees them to be paid another way.
 */
export function ProofList({ vouchers, onWithdraw }: { vouchers: Proof[]; onWithdraw?: (voucher: Proof) => void }) {
  const t = useT(messages);
  const zone = useBusinessZone();
  return (
    <ul className={styles.list}>
      {vouchers.map((voucher) => (
        <li key={voucher.id} className={styles.item}>
          <div className={styles.head}>
            <span>{t('proofLine', { amount: formatMoney(voucher.amount), periods: formatPeriods(voucher.periods) })}</span>
            <ProofStatusTag status={voucher.status} />
          </div>
          <p className={styles.meta}>{t('uploadedOn', { date: dayOf(voucher.created_at, zone) })}</p>
          {voucher.remark && <p className={styles.meta}>{voucher.remark}</p>}
          {voucher.reject_reason && <p className={styles.meta}>{t('proofRejectedFor', { reason: voucher.reject_reason })}</p>}
          {voucher.status === 'pending' && onWithdraw && (
            <Button
              size="small"
              onClick={() => onWithdraw(voucher)}
              aria-label={t('withdrawProofFor', { periods: formatPeriods(voucher.periods) })}
            >
              {t('withdrawProof')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
