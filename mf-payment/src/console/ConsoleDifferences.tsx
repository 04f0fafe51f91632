import { DEFAULT_CONSOLE_PAGE_SIZE, type PaymentDifference } from '@instalment/contract/api';
import { formatMoney, inZone, shownTime } from '@instalment/contract/format';
import { useHost, useT } from '@instalment/host-sdk/host';
import { commonMessages } from '@instalment/contract/i18n';
import {
  LoadedTable,
  NoteAction,
  nextQuery,
  consoleMessages,
  consoleScreen,
  Stacked,
  useConsoleApi,
  useMayAct,
  useConsoleWords,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { Button, useLoad } from '@instalment/ui/kit';
import { consolePaymentMessages } from './messages';
import styles from './ConsoleDifferences.module.css';

const PATH = '/differences';

/** What the status filter shows: the open differences (the default), the refunds pending at the gateway, or all. */
type Shown = 'open' | 'refunding' | 'all';

/**
 * Money the gateway received that the ledger could not credit: finance asks to refund it or to
 * apply it to the borrower's instalments (a second finance operator carries either out), or
 * closes it with a reason. Open ones first, as they are what waits for finance. A refund whose
 * gateway answer never came is pending there: its row offers nothing until the gateway says.
 * The table fits a 1,280 px screen in either language: who and which loan share a cell each, and
 * the payment's and gateway's numbers, times and notes fold into the row's details.
 */
function ConsoleDifferences({ query, operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { ui, navigate } = useHost();
  const { payments } = useConsoleApi();
  const t = useT(consolePaymentMessages);
  const common = useT(consoleMessages);
  const shared = useT(commonMessages);
  const words = useConsoleWords();
  const mayAct = useMayAct();
  const shown: Shown = query.status === 'all' || query.status === 'refunding' ? query.status : 'open';
  const page = Math.max(1, Number.parseInt(query.page ?? '', 10) || 1);
  const loaded = useLoad(
    () => payments.differences({ status: shown === 'all' ? undefined : shown, page, limit: DEFAULT_CONSOLE_PAGE_SIZE }),
    [payments, shown, page],
  );
  const pages = Math.max(1, Math.ceil((loaded.data?.total ?? 0) / DEFAULT_CONSOLE_PAGE_SIZE));
  const change = (next: Record<string, string | undefined>) => navigate(PATH, nextQuery(query, next));
  // A refused call is already toasted by the HTTP client; the row stays as it was.
  const settle = (call: Promise<unknown>) => call.then(loaded.reload, () => undefined);

  const refund = async (row: PaymentDifference) => {
    const sure = await ui.confirm(t('refundConfirm', { id: row.id, amount: formatMoney(row.unsettled), name: row.real_name }), {
      confirmText: t('refund', { id: row.id }),
      cancelText: shared('cancel'),
    });
    if (!sure) return;
    await settle(payments.askRefund(row.id).then((asked) => ui.toast(common('awaitingSecond', { id: asked.approval_id }), 'info')));
  };
  const apply = async (row: PaymentDifference, atPriceShown: boolean) => {
    const amounts = { id: row.id, amount: formatMoney(row.unsettled), name: row.real_name };
    const question = atPriceShown
      ? t('applyShownConfirm', { ...amounts, asked: formatMoney(row.asked), due: formatMoney(row.due ?? row.asked) })
      : t('applyConfirm', amounts);
    const sure = await ui.confirm(question, {
      confirmText: t(atPriceShown ? 'applyShown' : 'apply', { id: row.id }),
      cancelText: shared('cancel'),
    });
    if (!sure) return;
    await settle(
      payments.askApply(row.id, atPriceShown).then((asked) => ui.toast(common('awaitingSecond', { id: asked.approval_id }), 'info')),
    );
  };
  const reasonOf = (row: PaymentDifference) => {
    const amounts = { asked: formatMoney(row.asked), due: row.due === null ? '' : formatMoney(row.due) };
    if (row.reason === 'price_rose' && row.payoff) return t('differenceReason_price_rose_payoff', amounts);
    return t(`differenceReason_${row.reason}`, amounts);
  };
  const close = (id: number, reason: string) =>
    payments.closeDifference(id, reason).then(async (closed) => {
      await loaded.reload();
      return closed;
    });

  return (
    <>
      <form aria-label={common('filters')} onSubmit={(event) => event.preventDefault()}>
        <label>
          <span>{common('status')} </span>
          <select
            value={shown}
            onChange={(event) => change({ status: event.currentTarget.value === 'open' ? undefined : event.currentTarget.value })}
          >
            <option value="open">{t('differenceStatus_open')}</option>
            <option value="refunding">{t('differenceStatus_refunding')}</option>
            <option value="all">{t('allDifferences')}</option>
          </select>
        </label>
      </form>
      <LoadedTable
        loaded={loaded}
        caption={{ open: t('openDifferences'), refunding: t('pendingRefunds'), all: t('differences') }[shown]}
        empty={t('noDifferences')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        detailLabel={(row) => t('details', { id: row.id })}
        columns={[
          { header: '#', cell: (row) => row.id, shape: 'code' },
          { header: common('borrower'), cell: (row) => <Stacked first={row.real_name} second={row.mobile} /> },
          {
            header: common('orderNo'),
            cell: (row) => (
              <Stacked first={row.order_no} second={row.payoff ? t('payoff') : t('orderPeriods', { periods: row.periods.join(', ') })} />
            ),
          },
          { header: t('received'), amount: (row) => row.received },
          { header: t('left'), amount: (row) => row.unsettled },
          { header: common('reason'), cell: (row) => <div className={styles.reason}>{reasonOf(row)}</div> },
          { header: common('status'), cell: (row) => t(`differenceStatus_${row.status}`) },
          { header: t('settled'), amount: (row) => row.settled, detail: true },
          { header: t('paymentNo'), cell: (row) => row.payment_no, detail: true },
          {
            header: t('channel'),
            cell: (row) => [row.channel === null ? null : words.channel(row.channel), row.trade_no].filter(Boolean).join(' · ') || '—',
            detail: true,
          },
          { header: inZone(t('recorded'), zone), cell: (row) => shownTime(row.created_at, zone), detail: true },
          {
            header: inZone(t('resolved'), zone),
            cell: (row) => (row.resolved_at === null ? '—' : `${shownTime(row.resolved_at, zone)} · ${row.resolved_by ?? ''}`),
            detail: true,
          },
          { header: t('closedBecause'), cell: (row) => row.note ?? '—', detail: true },
          {
            header: common('actions'),
            shape: 'actions',
            cell: (row) => {
              if (row.status === 'refunding') return t('refundPending', { refundNo: row.refund_no ?? '' });
              if (row.status !== 'open') return null;
              if (row.approval_id !== null) return common('awaitingSecond', { id: row.approval_id });
              if (!mayAct) return null;
              return (
                <div className={styles.actions}>
                  {row.at_price_shown && (
                    <Button size="small" onClick={() => void apply(row, true)}>
                      {t('applyShown', { id: row.id })}
                    </Button>
                  )}
                  <Button size="small" onClick={() => void apply(row, false)}>
                    {t('apply', { id: row.id })}
                  </Button>
                  <Button size="small" onClick={() => void refund(row)}>
                    {t('refund', { id: row.id })}
                  </Button>
                  <NoteAction label={common('reason')} action={t('close', { id: row.id })} run={(reason) => close(row.id, reason)} />
                </div>
              );
            },
          },
        ]}
      />
      <nav aria-label={common('pages')}>
        <Button size="small" disabled={page <= 1} onClick={() => change({ page: String(page - 1) })}>
          {common('previousPage')}
        </Button>
        <span aria-live="polite">
          {common('pageOf', { page, pages })}
          {loaded.data && ` · ${common('total', { n: loaded.data.total })}`}
        </span>
        <Button size="small" disabled={page >= pages} onClick={() => change({ page: String(page + 1) })}>
          {common('nextPage')}
        </Button>
      </nav>
    </>
  );
}

export default consoleScreen(ConsoleDifferences);
