import { useT } from '@instalment/host-sdk/host';
import { ExportButton, LoadedTable, consoleMessages, Stacked, useConsoleApi } from '@instalment/ui/console';
import { useLoad } from '@instalment/ui/kit';
import { consoleLoanMessages } from './messages';

/** The overdue report: the same days and penalties the borrower sees. */
export default function ConsoleOverdue() {
  const { reports } = useConsoleApi();
  const t = useT(consoleLoanMessages);
  const common = useT(consoleMessages);
  const loaded = useLoad(() => reports.overdue(), [reports]);
  return (
    <>
      <ExportButton kind="overdue" query={{}} />
      <LoadedTable
        loaded={loaded}
        caption={t('overdueLoans')}
        empty={t('noOverdue')}
        rows={(data) => data}
        rowKey={(row) => row.order_no}
        columns={[
          { header: common('orderNo'), cell: (row) => <a href={`#/loans?order_no=${row.order_no}`}>{row.order_no}</a> },
          { header: common('borrower'), cell: (row) => <Stacked first={row.real_name} second={row.mobile} /> },
          { header: t('periods'), cell: (row) => row.overdue_periods.join(', ') },
          { header: t('days'), cell: (row) => row.overdue_days, shape: 'code' },
          { header: t('owed'), amount: (row) => row.overdue_amount },
          { header: t('penalty'), amount: (row) => row.penalty },
        ]}
      />
    </>
  );
}
