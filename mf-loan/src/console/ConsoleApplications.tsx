import { CONSOLE_SORTS, mayDo, type LoanStatus } from '@instalment/contract/api';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { loanStatusLabel } from '@instalment/contract/loan';
import { inZone, shownDay } from '@instalment/contract/format';
import {
  ExportButton,
  ListControls,
  LoadedTable,
  NoteAction,
  consoleMessages,
  consoleScreen,
  Stacked,
  useConsoleApi,
  useListView,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { Button, useLoad } from '@instalment/ui/kit';
import { consoleLoanMessages } from './messages';
import { Underwriting } from './Underwriting';

const STATUSES: LoanStatus[] = ['pending', 'approved', 'repaying', 'overdue', 'settled', 'rejected'];

/** The loan queue: a reviewer opens an application to weigh it (the underwriting view), finance asks for the money to be sent. */
function ConsoleApplications({ query, operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { navigate } = useHost();
  const { loans } = useConsoleApi();
  const t = useT(consoleLoanMessages);
  const common = useT(consoleMessages);
  const locale = useLocale();
  const status = (STATUSES as string[]).includes(query.status) ? query.status : '';
  const { view, change, sorting } = useListView('/loans', query, CONSOLE_SORTS.loans);
  const { page, limit, ...filters } = view;
  const listed = { ...filters, status: status || undefined };
  // Read again on coming back from a loan's page: what was asked or decided there shows in its row.
  const loaded = useLoad(() => loans.list({ ...listed, page, limit }), [loans, JSON.stringify(listed), page, limit, query.order_no]);
  if (query.order_no) return <Underwriting orderNo={query.order_no} operator={operator} />;
  const askDisbursement = (orderNo: string, bankRef: string) =>
    loans.askDisbursement(orderNo, bankRef).then(async (asked) => {
      await loaded.reload();
      return asked;
    });
  return (
    <>
      <nav aria-label={t('statuses')} className="ops-filter">
        {['', ...STATUSES].map((value) => (
          <Button
            key={value || 'all'}
            size="small"
            variant={value === status ? 'primary' : 'default'}
            onClick={() => change({ status: value || undefined })}
          >
            {value ? loanStatusLabel(value as LoanStatus, locale) : t('all')}
          </Button>
        ))}
      </nav>
      <ListControls query={query} view={view} change={change} total={loaded.data?.total} zone={zone} search={t('search')}>
        <ExportButton kind="loans" query={listed} />
      </ListControls>
      <LoadedTable
        loaded={loaded}
        caption={common('total', { n: loaded.data?.total ?? 0 })}
        empty={t('noLoansMatch')}
        rows={(data) => data.list}
        rowKey={(row) => row.order_no}
        sorting={sorting}
        columns={[
          { header: common('orderNo'), cell: (row) => row.order_no, sort: 'order_no', shape: 'code' },
          { header: common('borrower'), cell: (row) => <Stacked first={row.real_name} second={row.mobile} /> },
          { header: common('amount'), amount: (row) => row.amount, sort: 'amount' },
          { header: t('term'), cell: (row) => t('months', { n: row.term }), sort: 'term', shape: 'code' },
          { header: common('status'), cell: (row) => loanStatusLabel(row.status, locale) },
          { header: inZone(common('created'), zone), cell: (row) => shownDay(row.created_at, zone), sort: 'created_at', shape: 'code' },
          {
            header: common('actions'),
            shape: 'actions',
            cell: (row) => (
              <>
                <Button size="small" onClick={() => navigate('/loans', { order_no: row.order_no })}>
                  {t('open')} {row.order_no}
                </Button>
                {/* Once asked, the row says which approval it waits for instead of offering the ask again. */}
                {row.approval_id !== null && <span>{t('waiting', { id: row.approval_id })}</span>}
                {row.status === 'approved' && row.approval_id === null && mayDo(operator.roles, 'disburse') && (
                  <NoteAction
                    label={common('bankRef')}
                    action={`${t('disburse')} ${row.order_no}`}
                    run={(bankRef) => askDisbursement(row.order_no, bankRef)}
                  />
                )}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

export default consoleScreen(ConsoleApplications);
