import { useEffect, useRef, useState } from 'react';
import {
  autopay,
  type Autopay as Agreement,
  type AutopayCharge,
  cancelAutopay,
  type DueLoan,
  dueLoans,
  signAutopay,
} from '@instalment/contract/api';
import type { PageProps } from '@instalment/host-sdk/host';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { formatMoney } from '@instalment/contract/loan';
import { PATHS } from '@instalment/contract/paths';
import { Button, EmptyState, Loadable, Rows, useLoad } from '@instalment/ui/kit';
import { useApi } from '@instalment/ui/facade';
import { autopayMessages } from '../autopay-messages';
import { leaveFor } from '../gateway';
import styles from './pages.module.css';

/**
 * Back from Alipay before its notify, the agreement reads pending: the page asks again this many
 * times, this far apart, then leaves the asking to the borrower.
 */
export const PENDING_ASKS = 3;
export const PENDING_ASK_MS = 2000;

interface AutopayView {
  agreement: Agreement;
  loans: DueLoan[];
}

/** The words of a failed call: the server's own, else the page's. */
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/**
 * Repaying automatically with an Alipay withholding agreement: what is charged, when, from what,
 * the limits and how to stop, the terms confirmed by signing at Alipay; then the agreement as the
 * server answers it, its latest charges, and ending it.
 */
export default function Autopay(_props: PageProps) {
  const host = useHost();
  const api = useApi({ autopay: { autopay }, portfolio: { dueLoans } });
  const loaded = useLoad(async (): Promise<AutopayView> => {
    const [agreement, due] = await Promise.all([api.autopay.autopay({ toast: false }), api.portfolio.dueLoans()]);
    return { agreement, loans: due.list };
  }, [host]);
  const { data, loading, reload } = loaded;
  const asks = useRef(0);
  const asking = data?.agreement.state === 'pending' && asks.current < PENDING_ASKS;
  // Each answer (a new `data`, however quickly it came) starts the wait for the next ask.
  useEffect(() => {
    if (!asking || loading) return;
    const timer = setTimeout(() => {
      asks.current += 1;
      void reload();
    }, PENDING_ASK_MS);
    return () => clearTimeout(timer);
  }, [asking, loading, reload, data]);
  const checkAgain = () => {
    asks.current = 0;
    void reload();
  };
  return (
    <Loadable loaded={loaded}>{(view) => <AutopayPage view={view} asking={asking} busy={loading} onCheckAgain={checkAgain} />}</Loadable>
  );
}

function AutopayPage({
  view,
  asking,
  busy,
  onCheckAgain,
}: {
  view: AutopayView;
  asking: boolean;
  busy: boolean;
  onCheckAgain: () => void;
}) {
  const t = useT(autopayMessages);
  // The answer of an end, until the page is loaded again.
  const [ended, setEnded] = useState<Agreement | null>(null);
  const agreement = ended ?? view.agreement;
  if (!agreement.offered) return <EmptyState message={t('notOffered')} />;
  const state = agreement.state === 'pending' && !asking ? 'pendingStill' : agreement.state;
  return (
    <div className={styles.page} aria-busy={busy || undefined}>
      <section className={styles.amountCard} aria-labelledby="autopay-state">
        <div role="status">
          <h2 id="autopay-state" className={styles.sectionTitle}>
            {t(`state_${state}`)}
          </h2>
          <AgreementTimes agreement={agreement} />
        </div>
        {agreement.state === 'pending' && (
          <Button size="small" busy={busy} onClick={onCheckAgain}>
            {t('checkAgain')}
          </Button>
        )}
      </section>
      {agreement.state === 'active' ? (
        <ActiveAgreement agreement={agreement} onEnded={setEnded} />
      ) : agreement.state === 'pending' ? null : (
        <Terms agreement={agreement} loans={view.loans} />
      )}
    </div>
  );
}

function AgreementTimes({ agreement }: { agreement: Agreement }) {
  const t = useT(autopayMessages);
  const locale = useLocale();
  const time = (at: string) => new Date(at).toLocaleString(locale, { timeZone: agreement.time_zone });
  if (agreement.state === 'active' && agreement.signed_at)
    return <p className={styles.muted}>{t('signedAt', { time: time(agreement.signed_at) })}</p>;
  if (agreement.state === 'ended' && agreement.ended_at)
    return <p className={styles.muted}>{t('endedAt', { time: time(agreement.ended_at) })}</p>;
  return null;
}

/** What signing agrees to, and the confirmation that goes to Alipay's signing page. */
function Terms({ agreement, loans }: { agreement: Agreement; loans: DueLoan[] }) {
  const host = useHost();
  const api = useApi({ autopay: { signAutopay } });
  const t = useT(autopayMessages);
  const [signing, setSigning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Back from Alipay's page through the browser's page cache: signing may be started again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSigning(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const sign = async () => {
    setSigning(true);
    setFailure(null);
    try {
      leaveFor((await api.autopay.signAutopay(host.routeUrl(PATHS.autopay), { toast: false })).sign_url);
    } catch (error) {
      // The terms stay on the page: signing again is one tap.
      setSigning(false);
      setFailure(messageOf(error, t('signFailed')));
    }
  };
  const hours = agreement.hours.map((hour) => `${String(hour).padStart(2, '0')}:00`).join(', ');
  return (
    <>
      <section className={styles.card} aria-labelledby="autopay-what">
        <h2 id="autopay-what" className={styles.sectionTitle}>
          {t('whatTitle')}
        </h2>
        <p>{t('whatIntro')}</p>
        {loans.length === 0 ? (
          <p className={styles.muted}>{t('nothingDue')}</p>
        ) : (
          <ul className={styles.cards}>
            {loans.map((loan) => (
              <li key={loan.order_no} className={styles.card}>
                <p className={styles.muted}>{t('loanLine', { order_no: loan.order_no })}</p>
                {loan.status === 'overdue' ? (
                  <p className={styles.overdueLine}>
                    {t('overdueCharge', { amount: formatMoney(loan.owed), penalty: formatMoney(loan.penalty) })}
                  </p>
                ) : (
                  loan.next_due_date &&
                  loan.next_due_amount && <p>{t('nextCharge', { amount: formatMoney(loan.next_due_amount), date: loan.next_due_date })}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card} aria-labelledby="autopay-rules">
        <h2 id="autopay-rules" className={styles.sectionTitle}>
          {t('terms', { version: agreement.terms_version })}
        </h2>
        <Rows
          rows={[
            [t('whenTitle'), t('when', { hours, zone: agreement.time_zone })],
            [t('fromTitle'), t('from')],
            [t('capsTitle'), t('caps', { charge: formatMoney(agreement.charge_cap), monthly: formatMoney(agreement.monthly_cap) })],
            [t('stopTitle'), t('stop')],
          ]}
        />
      </section>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <Button variant="primary" block busy={signing} onClick={() => void sign()}>
        {agreement.state === 'none' ? t('confirm') : t('signAgain')}
      </Button>
    </>
  );
}

/** The reasons a charge failed or was refused that the page words itself; another is Alipay's code. */
const REASONS = ['balance', 'agreement', 'charge_cap', 'monthly_cap', 'unknown', 'gateway_unknown'] as const;
const isKnownReason = (reason: string): reason is (typeof REASONS)[number] => (REASONS as readonly string[]).includes(reason);

function ChargeItem({ charge }: { charge: AutopayCharge }) {
  const t = useT(autopayMessages);
  const reason =
    charge.reason === null
      ? null
      : isKnownReason(charge.reason)
        ? t(`reason_${charge.reason}`)
        : t('reason_other', { code: charge.reason });
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <span>{t('charge', { amount: formatMoney(charge.amount), order_no: charge.order_no, date: charge.due_date })}</span>
        <span className={charge.state === 'paid' || charge.state === 'charging' ? styles.badge : styles.badgeOverdue}>
          {t(`charge_${charge.state}`)}
        </span>
      </div>
      {reason && <p className={styles.muted}>{reason}</p>}
    </li>
  );
}

/** An active agreement: its latest charges, and ending it. */
function ActiveAgreement({ agreement, onEnded }: { agreement: Agreement; onEnded: (answer: Agreement) => void }) {
  const host = useHost();
  const api = useApi({ autopay: { cancelAutopay } });
  const t = useT(autopayMessages);
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const end = async () => {
    if (!(await host.ui.confirm(t('endConfirm'), { confirmText: t('end'), cancelText: t('endKeep') }))) return;
    setEnding(true);
    setFailure(null);
    try {
      onEnded(await api.autopay.cancelAutopay({ toast: false }));
    } catch (error) {
      setFailure(messageOf(error, t('endFailed')));
    } finally {
      setEnding(false);
    }
  };
  return (
    <>
      {agreement.paused && (
        <p className={styles.bannerWarning} role="status">
          {t('paused')}
        </p>
      )}
      <section className={styles.card} aria-labelledby="autopay-charges">
        <h2 id="autopay-charges" className={styles.sectionTitle}>
          {t('chargesTitle')}
        </h2>
        {agreement.charges.length === 0 ? (
          <p className={styles.muted}>{t('noCharges')}</p>
        ) : (
          <ul className={styles.cards}>
            {agreement.charges.map((charge) => (
              <ChargeItem key={`${charge.order_no}:${charge.due_date}:${charge.attempt}`} charge={charge} />
            ))}
          </ul>
        )}
      </section>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <Button block busy={ending} onClick={() => void end()}>
        {t('end')}
      </Button>
    </>
  );
}
