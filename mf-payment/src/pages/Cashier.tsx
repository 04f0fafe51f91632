import { useEffect, useRef, useState } from 'react';
import { cashier, type Cashier as CashierData, channels, type PaymentChannel } from '@instalment/contract/api';
import type { PageProps } from '@instalment/host-sdk/host';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { formatMoney, loanMessages } from '@instalment/contract/loan';
import { Button, EmptyState, ErrorState, Loadable, Rows, useLoad } from '@instalment/ui/kit';
import { GATEWAY_CALLS, gatewayUrl, leaveFor } from '../gateway';
import { messages } from '../messages';
import styles from './pages.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

interface CashierView {
  cashier: CashierData;
  gateways: PaymentChannel[];
  transfer: PaymentChannel | null;
}

/** The channels this payment can use: enabled ones, limited to those the cashier offers when it names any. */
function usableChannels(cashier: CashierData, all: PaymentChannel[]): Omit<CashierView, 'cashier'> {
  const offered = new Set(cashier.channels.map((channel) => channel.code));
  const usable = all.filter((channel) => channel.enabled && (offered.size === 0 || offered.has(channel.code)));
  return {
    gateways: usable.filter((channel) => channel.kind === 'gateway'),
    transfer: usable.find((channel) => channel.kind === 'transfer') ?? null,
  };
}

/** A refusal of the server (a paid or reserved instalment, a settled loan) is a state of the loan, not a failure to retry. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code === 0;

/**
 * Amount due, the instalments in it, the channels, and one payment however often "pay" is
 * tapped. It pays exactly what the link asks for — `periods`, or `payoff=1` for the whole loan
 * — and never guesses: without either it sends the borrower to choose.
 */
export default function Cashier({ query }: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { cashier, channels } });
  const t = useT(messages);
  const orderNo = query.order_no ?? '';
  const periods = query.periods ?? '';
  const payoff = query.payoff === '1';
  const selectionGiven = payoff || periods !== '';
  const loaded = useLoad(async (): Promise<CashierView | null> => {
    if (!orderNo || !selectionGiven) return null;
    const selection = payoff ? { payoff: '1' as const } : { periods };
    const [cashier, channels] = await Promise.all([
      api.loan.cashier({ order_no: orderNo, ...selection }, { toast: false }),
      api.loan.channels(),
    ]);
    return { cashier, ...usableChannels(cashier, channels) };
  }, [host, orderNo, periods, payoff]);
  if (!orderNo) return <ErrorState message={t('noOrder')} />;
  if (!selectionGiven) {
    return (
      <div className={styles.page}>
        <EmptyState message={t('chooseFirst')} />
        <Button variant="primary" block onClick={() => host.navigate(PATHS.repay, { order_no: orderNo }, { replace: true })}>
          {t('chooseInstalments')}
        </Button>
      </div>
    );
  }
  return (
    <Loadable
      loaded={loaded}
      failure={(error) =>
        isRefusal(error) ? (
          <div className={styles.page}>
            <section className={styles.card} aria-labelledby="cashier-nothing">
              <h2 id="cashier-nothing" className={styles.sectionTitle}>
                {t('nothingToPayHere')}
              </h2>
              <p role="status">{error.message}</p>
            </section>
            <Button variant="primary" block onClick={() => host.navigate(PATHS.loanDetail, { order_no: orderNo }, { replace: true })}>
              {t('backToLoan')}
            </Button>
          </div>
        ) : null
      }
    >
      {(data) => <CashierPayment orderNo={orderNo} periods={periods} data={data} />}
    </Loadable>
  );
}

function CashierPayment({ orderNo, periods, data }: { orderNo: string; periods: string; data: CashierView }) {
  const host = useHost();
  const api = useApi(GATEWAY_CALLS);
  const t = useT(messages);
  const tl = useT(loanMessages);
  const locale = useLocale();
  const [channel, setChannel] = useState('');
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  // Back from the gateway through the browser's page cache: the same payment may be tried again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        started.current = false;
        setPaying(false);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const { cashier, gateways, transfer } = data;
  // The first channel until the user picks another.
  const chosen = gateways.some((gateway) => gateway.code === channel) ? channel : (gateways[0]?.code ?? '');
  const pay = async () => {
    if (started.current || !chosen) return;
    started.current = true;
    setPaying(true);
    setFailure(null);
    try {
      leaveFor(await gatewayUrl(host, api, { order_no: orderNo, ...(cashier.payoff ? { payoff: '1' } : { periods }) }, chosen));
    } catch (error) {
      // The page and the channel stay as they were: paying again is one tap.
      started.current = false;
      setPaying(false);
      setFailure(error instanceof ApiError ? error.message : t('payPageFailed'));
    }
  };
  const toTransfer = () => host.navigate(PATHS.proofUpload, { order_no: orderNo, periods });
  const quote = cashier.quote;

  return (
    <div className={styles.page}>
      <section className={styles.amountCard} aria-labelledby="cashier-amount">
        <h2 id="cashier-amount" className={styles.muted}>
          {cashier.payoff ? t('payoffTitle') : t('amountDue')}
        </h2>
        <p className={styles.hugeAmount}>{formatMoney(cashier.total)}</p>
        <p className={styles.muted}>
          {t('paymentNo')} {cashier.payment_no}
        </p>
        <p className={styles.muted}>{t('expiresAt', { time: new Date(cashier.expires_at).toLocaleString(locale) })}</p>
      </section>

      {quote ? (
        <section className={styles.card} aria-labelledby="cashier-quote">
          <h2 id="cashier-quote" className={styles.sectionTitle}>
            {t('quoteAsOf', { date: quote.as_of })}
          </h2>
          <Rows
            rows={[
              [t('quotePrincipal'), formatMoney(quote.principal)],
              [t('quoteInterest'), formatMoney(quote.interest)],
              [t('quoteFee'), formatMoney(quote.fee)],
              [t('quotePenalty'), formatMoney(quote.penalty)],
            ]}
          />
        </section>
      ) : (
        <section className={styles.card} aria-labelledby="cashier-items">
          <h2 id="cashier-items" className={styles.sectionTitle}>
            {t('items')}
          </h2>
          <Rows
            rows={cashier.items.map((item): [string, string] => [
              `${t('period', { n: item.period })} · ${t('dueOn', { date: item.due_date })}${item.status === 'overdue' ? ` · ${tl('instalment_overdue')}` : ''}`,
              formatMoney(item.total),
            ])}
          />
        </section>
      )}

      <fieldset className={styles.channels}>
        <legend className={styles.sectionTitle}>{t('channels')}</legend>
        {gateways.length === 0 && <p className={styles.hint}>{t('noChannels')}</p>}
        {gateways.map((gateway) => (
          <label key={gateway.code} className={styles.channel}>
            <input
              type="radio"
              name="channel"
              value={gateway.code}
              checked={chosen === gateway.code}
              onChange={() => setChannel(gateway.code)}
              disabled={paying}
            />
            <span className={styles.channelText}>
              <span className={styles.channelName}>{gateway.name}</span>
              {gateway.description && <span className={styles.muted}>{gateway.description}</span>}
            </span>
          </label>
        ))}
        {transfer && !cashier.payoff && (
          <button type="button" className={styles.channelLink} onClick={toTransfer}>
            <span className={styles.channelText}>
              <span className={styles.channelName}>{transfer.name}</span>
              <span className={styles.muted}>{transfer.description || t('transferHint')}</span>
            </span>
            <span aria-hidden="true">›</span>
          </button>
        )}
      </fieldset>

      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {gateways.length > 0 && (
        <Button variant="primary" block busy={paying} disabled={!chosen} onClick={() => void pay()}>
          {paying ? t('redirecting') : t('pay', { amount: formatMoney(cashier.total) })}
        </Button>
      )}
    </div>
  );
}
