import { useEffect, useState } from 'react';
import type { PageProps } from '@instalment/shared/host';
import { useHost, useT } from '@instalment/shared/host';
import { commonMessages } from '@instalment/shared/i18n';
import { formatMoney, formatPeriods, loanMessages } from '@instalment/shared/loan';
import { Button, EmptyState, ErrorState, useLoad } from '@instalment/shared/ui';
import { PeriodPicker } from '../components/PeriodPicker';
import { dueNowSelection, openPeriods, selectedTotal } from '../instalments';
import { messages } from '../messages';
import styles from './pages.module.css';

/** Where the sandbox gateway sends the user back to: `result` and `payment_no` in the query. */
function OutcomeBanner({ result, paymentNo }: { result?: string; paymentNo?: string }) {
  const t = useT(messages);
  if (result === 'success') {
    return (
      <div className={styles.bannerSuccess} role="status">
        <strong>{t('paymentSuccess')}</strong>
        {paymentNo && <p>{t('paymentSuccessHint', { payment_no: paymentNo })}</p>}
      </div>
    );
  }
  if (result === 'cancelled' || result === 'failed') {
    return (
      <div className={styles.bannerWarning} role="status">
        <strong>{t(result === 'cancelled' ? 'paymentCancelled' : 'paymentFailed')}</strong>
        <p>{t(result === 'cancelled' ? 'paymentCancelledHint' : 'paymentFailedHint')}</p>
      </div>
    );
  }
  return null;
}

/** Choose which instalments to pay (earliest first, no gaps), see the total, go to the cashier. */
export default function Repay({ query }: PageProps) {
  const host = useHost();
  const t = useT(messages);
  const tc = useT(commonMessages);
  const tl = useT(loanMessages);
  const orderNo = query.order_no ?? '';
  // Coming back from the gateway is a new visit: the instalments are read again for this outcome.
  const { data, error, loading, reload } = useLoad(
    () => (orderNo ? host.api.loan.installments({ order_no: orderNo }) : Promise.resolve(null)),
    [host, orderNo, query.result, query.payment_no],
  );
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    if (data) setSelected(dueNowSelection(data.list));
  }, [data]);

  if (!orderNo) return <ErrorState message={t('noOrder')} />;
  const banner = <OutcomeBanner result={query.result} paymentNo={query.payment_no} />;
  if (error && !data) {
    return (
      <div className={styles.page}>
        {banner}
        <ErrorState message={error.message || tc('requestFailed')} onRetry={() => void reload()} />
      </div>
    );
  }
  if (!data) return <div className={styles.page}>{banner}<p className={styles.muted} role="status">{loading ? tc('loading') : ''}</p></div>;

  const open = openPeriods(data.list);
  if (open.length === 0) {
    return (
      <div className={styles.page}>
        {banner}
        <EmptyState message={t('allPaid')} />
      </div>
    );
  }
  const total = selectedTotal(data.list, selected);
  const periods = formatPeriods(selected);
  return (
    <div className={styles.page}>
      {banner}
      <p className={styles.muted}>
        {t('orderNo')} {orderNo}
      </p>
      <PeriodPicker legend={t('instalments')} list={data.list} selected={selected} onChange={setSelected} showPaid />
      <div className={styles.footerBar}>
        <div>
          <div className={styles.muted}>
            {t('selectedTotal')} · {t('selectedCount', { count: selected.length })}
          </div>
          <div className={styles.bigAmount} aria-live="polite">
            {formatMoney(total)}
          </div>
        </div>
        <Button
          variant="primary"
          disabled={selected.length === 0}
          aria-describedby={selected.length === 0 ? 'repay-no-periods' : undefined}
          onClick={() => host.navigate('/pages/payment/cashier', { order_no: orderNo, periods })}
        >
          {t('goToCashier')}
        </Button>
      </div>
      {selected.length === 0 && (
        <p id="repay-no-periods" className={styles.hint}>
          {tl('noPeriods')}
        </p>
      )}
      <Button
        className={styles.linkButton}
        onClick={() => host.navigate('/pages/payment/upload', selected.length ? { order_no: orderNo, periods } : { order_no: orderNo })}
      >
        {t('payByTransfer')}
      </Button>
    </div>
  );
}
