import {
  applyDifference,
  askDifferenceRefund,
  closeDifference,
  DEFAULT_CONSOLE_PAGE_SIZE,
  paymentDifferences,
  type PaymentDifference,
} from '@instalment/contract/api';
import { inZone, shownTime } from '@instalment/contract/format';
import { useHost, useT } from '@instalment/host-sdk/host';
import { commonMessages } from '@instalment/contract/i18n';
import { LoadedTable, NoteAction, nextQuery, opsMessages, type OpsPageProps } from '@instalment/ui/ops';
import { Button, useLoad } from '@instalment/ui/kit';
import { opsPaymentMessages } from './messages';

const PATH = '/differences';

/** What the status filter shows: the open differences (the default), the refunds pending at the gateway, or all. */
type Shown = 'open' | 'refunding' | 'all';

/**
 * Money the gateway received that the ledger could not credit: finance refunds it (a second
 * finance operator carries the refund out), applies it to the borrower's next instalments, or
 * closes it with a reason. Open ones first, as they are what waits for finance. A refund whose
 * gateway answer never came is pending there: its row offers nothing until the gateway says.
 */
export default function OpsDifferences({ query, operator }: OpsPageProps) {
  const zone = operator.business_timezone;
  const { http, ui, navigate } = useHost();
  const t = useT(opsPaymentMessages);
  const common = useT(opsMessages);
  const shared = useT(commonMessages);
  const shown: Shown = query.status === 'all' || query.status === 'refunding' ? query.status : 'open';
  const page = Math.max(1, Number.parseInt(query.page ?? '', 10) || 1);
  const loaded = useLoad(
    () => paymentDifferences(http, { status: shown === 'all' ? undefined : shown, page, limit: DEFAULT_CONSOLE_PAGE_SIZE }),
    [http, shown, page],
  );
  const pages = Math.max(1, Math.ceil((loaded.data?.total ?? 0) / DEFAULT_CONSOLE_PAGE_SIZE));
  const change = (next: Record<string, string | undefined>) => navigate(PATH, nextQuery(query, next));
  // A refused call is already toasted by the HTTP client; the row stays as it was.
  const settle = (call: Promise<unknown>) => call.then(loaded.reload, () => undefined);

  const refund = async (row: PaymentDifference) => {
    const sure = await ui.confirm(t('refundConfirm', { id: row.id, amount: row.unsettled, name: row.real_name }), {
      confirmText: t('refund', { id: row.id }),
      cancelText: shared('cancel'),
    });
    if (!sure) return;
    await settle(askDifferenceRefund(http, row.id).then((asked) => ui.toast(common('awaitingSecond', { id: asked.approval_id }), 'info')));
  };
  const apply = async (row: PaymentDifference) => {
    const sure = await ui.confirm(t('applyConfirm', { id: row.id, amount: row.unsettled, name: row.real_name }), {
      confirmText: t('apply', { id: row.id }),
      cancelText: shared('cancel'),
    });
    if (!sure) return;
    await settle(
      applyDifference(http, row.id).then((applied) =>
        ui.toast(t('applied', { amount: applied.applied, periods: applied.periods.join(', '), left: applied.unsettled }), 'success'),
      ),
    );
  };
  const close = (id: number, reason: string) =>
    closeDifference(http, id, reason).then(async (closed) => {
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
        columns={[
          { header: '#', cell: (row) => row.id },
          { header: common('borrower'), cell: (row) => row.real_name },
          { header: common('phone'), cell: (row) => row.mobile },
          { header: common('orderNo'), cell: (row) => row.order_no },
          { header: t('periods'), cell: (row) => (row.payoff ? t('payoff') : row.periods.join(', ')) },
          { header: t('received'), cell: (row) => row.received },
          { header: t('settled'), cell: (row) => row.settled },
          { header: t('left'), cell: (row) => row.unsettled },
          { header: t('paymentNo'), cell: (row) => row.payment_no },
          { header: t('tradeNo'), cell: (row) => row.trade_no ?? '' },
          { header: common('reason'), cell: (row) => t(`differenceReason_${row.reason}`) },
          { header: common('status'), cell: (row) => t(`differenceStatus_${row.status}`) },
          { header: inZone(t('recorded'), zone), cell: (row) => shownTime(row.created_at, zone) },
          {
            header: common('actions'),
            cell: (row) => {
              if (row.status === 'refunding') return t('refundPending', { refundNo: row.refund_no ?? '' });
              if (row.status !== 'open') return row.note ?? '';
              if (row.approval_id !== null) return common('awaitingSecond', { id: row.approval_id });
              return (
                <>
                  <Button size="small" onClick={() => void refund(row)}>
                    {t('refund', { id: row.id })}
                  </Button>
                  <Button size="small" onClick={() => void apply(row)}>
                    {t('apply', { id: row.id })}
                  </Button>
                  <NoteAction label={common('reason')} action={t('close', { id: row.id })} run={(reason) => close(row.id, reason)} />
                </>
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
