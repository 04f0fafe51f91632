import { CONSOLE_SORTS } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { inZone, shownTime } from '@instalment/contract/format';
import {
  ExportButton,
  ListControls,
  LoadedTable,
  consoleMessages,
  Stacked,
  useConsoleApi,
  useListView,
  useConsoleWords,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { useLoad } from '@instalment/ui/kit';
import { consolePaymentMessages } from './messages';

/** Payments through the gateway, newest first unless sorted otherwise. */
export default function ConsolePayments({ query, operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { payments } = useConsoleApi();
  const t = useT(consolePaymentMessages);
  const common = useT(consoleMessages);
  const words = useConsoleWords();
  const { view, change, sorting } = useListView('/payments', query, CONSOLE_SORTS.payments);
  const { page, limit, from, to, sort, order } = view;
  const listed = { from, to, sort, order };
  const loaded = useLoad(() => payments.list({ ...listed, page, limit }), [payments, JSON.stringify(listed), page, limit]);
  return (
    <>
      <ListControls query={query} view={view} change={change} total={loaded.data?.total} zone={zone}>
        <ExportButton kind="payments" query={listed} />
      </ListControls>
      <LoadedTable
        loaded={loaded}
        caption={t('payments')}
        empty={t('noPaymentsMatch')}
        rows={(data) => data.list}
        rowKey={(row) => row.payment_no}
        sorting={sorting}
        columns={[
          { header: `${t('paymentNo')} · ${common('orderNo')}`, cell: (row) => <Stacked first={row.payment_no} second={row.order_no} /> },
          { header: common('amount'), amount: (row) => row.amount, sort: 'amount' },
          { header: common('status'), cell: (row) => words.paymentState(row.state) },
          { header: t('channel'), cell: (row) => (row.channel === null ? '' : words.channel(row.channel)) },
          {
            header: inZone(common('created'), zone),
            cell: (row) => shownTime(row.created_at, zone),
            sort: 'created_at',
            shape: 'code',
          },
          { header: inZone(t('paid'), zone), cell: (row) => shownTime(row.paid_at, zone), sort: 'paid_at', shape: 'code' },
        ]}
      />
    </>
  );
}
