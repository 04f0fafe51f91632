import { useState } from 'react';
import { installments, type Instalment, type PaymentStanding, type PaymentState, paymentState } from '@instalment/contract/api';
import type { PageProps } from '@instalment/host-sdk/host';
import { useHost, useT } from '@instalment/host-sdk/host';
import { formatMoney, formatPeriods, loanMessages } from '@instalment/contract/loan';
import { Button, EmptyState, ErrorState, Loadable, useLoad } from '@instalment/ui/kit';
import { PeriodPicker } from '../components/PeriodPicker';
import { dueNowSelection, openPeriods, selectedTotal } from '../instalments';
import { messages } from '../messages';
import styles from './pages.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

/** The states of a payment whose money went back, or is going back, in the borrower's words. */
const REFUND_WORDS: Partial<Record<PaymentStanding, { title: keyof (typeof messages)['en']; hint: keyof (typeof messages)['en'] }>> = {
  refunding: { title: 'paymentRefunding', hint: 'paymentRefundingHint' },
  refunded: { title: 'paymentRefunded', hint: 'paymentRefundedHint' },
  partly_refunded: { title: 'paymentPartlyRefunded', hint: 'paymentPartlyRefundedHint' },
};

/**
 * Where the gateway sends the borrower back to, with `payment_no` in the query (and the
 * sandbox's `result`). The query only says what the gateway page reported; what was paid is
 * the server's word.
 */
function OutcomeBanner({ result, paymentNo, payment }: { result?: string; paymentNo?: string; payment: PaymentState | null }) {
  const host = useHost();
  const t = useT(messages);
  if (!paymentNo) return null;
  // Paid, and given back since: the payment's state, not its stored status, says what became of it.
  const refund = payment && REFUND_WORDS[payment.state];
  if (refund) {
    return (
      <div className={styles.bannerWarning} role="status">
        <strong>{t(refund.title)}</strong>
        <p>{t(refund.hint, { payment_no: paymentNo, amount: formatMoney(payment.refunded ?? '0.00') })}</p>
      </div>
    );
  }
  if (payment?.status === 'paid') {
    return (
      <div className={styles.bannerSuccess} role="status">
        <strong>{t('paymentSuccess')}</strong>
        <p>{t('paymentSuccessHint', { payment_no: paymentNo })}</p>
      </div>
    );
  }
  if (payment?.status === 'repriced' || result === 'repriced') {
    const again: Record<string, string> = payment?.payoff ? { payoff: '1' } : { periods: formatPeriods(payment?.periods ?? []) };
    return (
      <div className={styles.bannerWarning} role="status">
        <strong>{t('paymentRepriced')}</strong>
        <p>{t('paymentRepricedHint')}</p>
        {payment && (
          <Button variant="primary" onClick={() => host.navigate(PATHS.cashier, { order_no: payment.order_no, ...again })}>
            {t('payNewAmount')}
          </Button>
        )}
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
  if (!payment) return null;
  return (
    <div className={styles.bannerWarning} role="status">
      <strong>{t('paymentUnconfirmed')}</strong>
      <p>{t('paymentUnconfirmedHint', { payment_no: paymentNo })}</p>
    </div>
  );
}

/** Choose which instalments to pay (earliest first, no gaps), see the total, go to the cashier. */
export default function Repay({ query }: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { paymentState, installments } });
  const t = useT(messages);
  const orderNo = query.order_no ?? '';
  const paymentNo = query.payment_no;
  // Coming back from the gateway is a new visit: the instalments are read again for this outcome,
  // after the payment: a server with no word from the gateway yet asks it, and settles, first.
  const loaded = useLoad(async () => {
    if (!orderNo) return null;
    const payment = paymentNo
      ? await api.loan.paymentState({ payment_no: paymentNo }, { toast: false, loading: false }).catch(() => null)
      : null;
    return { payment, list: (await api.loan.installments({ order_no: orderNo })).list };
  }, [host, orderNo, query.result, paymentNo]);
  if (!orderNo) return <ErrorState message={t('noOrder')} />;
  // A new outcome is a new visit: the choice starts again from what is due now.
  const visit = `${query.result ?? ''}:${query.payment_no ?? ''}`;
  return (
    <div className={styles.page}>
      <Loadable loaded={loaded}>
        {(data) => (
          <>
            <OutcomeBanner result={query.result} paymentNo={paymentNo} payment={data.payment} />
            <RepayChoice key={visit} orderNo={orderNo} list={data.list} />
          </>
        )}
      </Loadable>
    </div>
  );
}

function RepayChoice({ orderNo, list }: { orderNo: string; list: Instalment[] }) {
  const host = useHost();
  const t = useT(messages);
  const tl = useT(loanMessages);
  const [selected, setSelected] = useState(() => dueNowSelection(list));

  const open = openPeriods(list);
  if (open.length === 0) {
    return <EmptyState message={t('allPaid')} />;
  }
  const total = selectedTotal(list, selected);
  const periods = formatPeriods(selected);
  return (
    <>
      <p className={styles.muted}>
        {t('orderNo')} {orderNo}
      </p>
      <PeriodPicker legend={t('instalments')} list={list} selected={selected} onChange={setSelected} showPaid />
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
          onClick={() => host.navigate(PATHS.cashier, { order_no: orderNo, periods })}
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
        onClick={() => host.navigate(PATHS.proofUpload, selected.length ? { order_no: orderNo, periods } : { order_no: orderNo })}
      >
        {t('payByTransfer')}
      </Button>
    </>
  );
}
