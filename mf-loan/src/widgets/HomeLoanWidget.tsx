import { useId } from 'react';
import type { LoanRates } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { formatMoney, formatRate, loanMessages } from '@instalment/shared/loan';
import { Button, ErrorState, useLoad } from '@instalment/shared/ui';
import { Loading } from '../components/Loading';
import { messages } from '../messages';
import { PATHS } from '../paths';
import styles from './HomeLoanWidget.module.css';

/** The home page's loan offer: how much, over how long, and the way in. */
export default function HomeLoanWidget() {
  const host = useHost();
  const t = useT(messages);
  const titleId = useId();
  // The home page stays calm: no overlay or toast for a widget; it shows its own state.
  const rates = useLoad(() => host.api.loan.loanRates({ loading: false, toast: false }), [host]);
  return (
    <section className={styles.widget} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('widgetTitle')}
      </h2>
      {rates.data ? (
        <Offer rates={rates.data} onApply={() => host.navigate(PATHS.apply)} />
      ) : rates.error ? (
        <ErrorState message={rates.error.message} onRetry={() => void rates.reload()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function Offer({ rates, onApply }: { rates: LoanRates; onApply: () => void }) {
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const terms = rates.terms.map((offer) => offer.term).sort((a, b) => a - b);
  const lowestRate = Math.min(...rates.terms.map((offer) => offer.monthly_rate_bp));
  return (
    <>
      <p className={styles.amount}>{t('upTo', { max: formatMoney(rates.max_amount) })}</p>
      <ul className={styles.facts}>
        <li>{t('widgetRange', { min: formatMoney(rates.min_amount), max: formatMoney(rates.max_amount) })}</li>
        {terms.length > 0 && <li>{t('widgetTerms', { terms: tLoan('months', { n: terms.join(t('termsJoin')) }) })}</li>}
        {terms.length > 0 && <li>{t('widgetRate', { rate: formatRate(lowestRate) })}</li>}
      </ul>
      <Button variant="primary" block onClick={onApply}>
        {t('applyNow')}
      </Button>
    </>
  );
}
