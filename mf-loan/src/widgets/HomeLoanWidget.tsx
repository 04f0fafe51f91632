import { observer } from '@instalment/host-sdk/session';
import { useId } from 'react';
import { credit, loanRates, type LoanRates } from '@instalment/contract/api';
import { useHost, useT, useTabTap } from '@instalment/host-sdk/host';
import { listMessages } from '@instalment/contract/i18n';
import { formatMoney, formatRate, loanMessages } from '@instalment/contract/loan';
import { Button, Loadable, useLoad } from '@instalment/ui/kit';
import styles from './HomeLoanWidget.module.css';
import { widgetMessages } from './messages';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

/** The home page's loan offer: how much, over how long, and the way in. */
export default function HomeLoanWidget() {
  const host = useHost();
  const api = useApi({ loan: { loanRates } });
  const t = useT(widgetMessages);
  const titleId = useId();
  // The home page stays calm: no overlay or toast for a widget; it shows its own state.
  const rates = useLoad(() => api.loan.loanRates({ loading: false, toast: false }), [host]);
  // Tapping the home tab while on home reloads it, as the other tabs do.
  useTabTap(() => void rates.reload());
  return (
    <section className={styles.widget} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('widgetTitle')}
      </h2>
      <Loadable loaded={rates} loading={<OfferSkeleton />}>
        {(data) => <Offer rates={data} onApply={() => host.navigate(PATHS.apply)} />}
      </Loadable>
    </section>
  );
}

/**
 * The offer's shape while the rates are on their way: its amount line, its four facts and its
 * button, in the same boxes, so the news below does not jump when the offer arrives.
 */
function OfferSkeleton() {
  const common = useT(listMessages);
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label={common('loading')}>
      <p className={styles.amount} aria-hidden="true">
        <span className={`${styles.bar} ${styles.barWide}`} />
      </p>
      <ul className={styles.facts} aria-hidden="true">
        {[0, 1, 2, 3].map((line) => (
          <li key={line}>
            <span className={styles.bar} />
          </li>
        ))}
      </ul>
      <span className={styles.buttonBar} aria-hidden="true" />
    </div>
  );
}

function Offer({ rates, onApply }: { rates: LoanRates; onApply: () => void }) {
  const t = useT(widgetMessages);
  const tLoan = useT(loanMessages);
  const terms = rates.terms.map((offer) => offer.term).sort((a, b) => a - b);
  const lowestRate = Math.min(...rates.terms.map((offer) => offer.monthly_rate_bp));
  const lowestApr = Math.min(...rates.terms.map((offer) => offer.apr_bp));
  const highestApr = Math.max(...rates.terms.map((offer) => offer.apr_bp));
  return (
    <>
      <p className={styles.amount}>{t('upTo', { max: formatMoney(rates.max_amount) })}</p>
      <AvailableCredit />
      <ul className={styles.facts}>
        <li>{t('widgetRange', { min: formatMoney(rates.min_amount), max: formatMoney(rates.max_amount) })}</li>
        {terms.length > 0 && <li>{t('widgetTerms', { terms: tLoan('months', { n: terms.join(t('termsJoin')) }) })}</li>}
        {terms.length > 0 && <li>{t('widgetRate', { rate: formatRate(lowestRate) })}</li>}
        {terms.length > 0 && <li>{t('widgetApr', { low: formatRate(lowestApr), high: formatRate(highestApr) })}</li>}
      </ul>
      <Button variant="primary" block onClick={onApply}>
        {t('applyNow')}
      </Button>
    </>
  );
}

/** The borrower's line of credit, asked under the line's own name. */
const CREDIT_CALLS = { loan: { credit } };

/** What the signed-in borrower can still borrow; nothing for a visitor, whose line is not known yet. */
const AvailableCredit = observer(function AvailableCredit() {
  const host = useHost();
  const api = useApi(CREDIT_CALLS);
  const tLoan = useT(loanMessages);
  const loggedIn = host.session.isLoggedIn;
  const credit = useLoad(() => (loggedIn ? api.loan.credit({ loading: false, toast: false }) : Promise.resolve(null)), [host, loggedIn]);
  useTabTap(() => void credit.reload());
  // A signed-in borrower's line is kept while it loads, so the offer below it does not move.
  if (loggedIn && credit.loading && !credit.data)
    return (
      <p className={styles.credit} aria-hidden="true">
        &nbsp;
      </p>
    );
  if (!credit.data) return null;
  return <p className={styles.credit}>{tLoan('creditAvailable', { amount: formatMoney(credit.data.available) })}</p>;
});
