import { CONSOLE_SORTS, type ConsoleProof, type ProofStatus } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { inZone, shownTime } from '@instalment/contract/format';
import {
  ListControls,
  LoadedTable,
  NoteAction,
  consoleMessages,
  consoleScreen,
  ProofImage,
  Stacked,
  useConsoleApi,
  useListView,
  useConsoleWords,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { useLoad } from '@instalment/ui/kit';
import { consolePaymentMessages } from './messages';

/** The statuses the list is shown by; what waits is what finance opens it for. */
const SHOWN = ['pending', 'approved', 'rejected', 'all'] as const;
type Shown = (typeof SHOWN)[number];

/**
 * Proofs of bank transfers: finance checks the receipt, asks a second operator to confirm, or
 * rejects with a reason. Decided ones are listed too, by status and by order number or phone,
 * each with who decided it, when, and why one was rejected (what the borrower was told).
 */
function ConsoleProofs({ query, operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { proofs } = useConsoleApi();
  const t = useT(consolePaymentMessages);
  const common = useT(consoleMessages);
  const words = useConsoleWords();
  const { view, change, sorting } = useListView('/proofs', query, CONSOLE_SORTS.vouchers);
  const { page, limit, from, to, sort, order, q } = view;
  const shown: Shown = SHOWN.find((status) => status === query.status) ?? 'pending';
  const status: ProofStatus | undefined = shown === 'all' ? undefined : shown;
  const listed = { from, to, sort, order, q, status };
  const loaded = useLoad(() => proofs.list({ ...listed, page, limit }), [proofs, JSON.stringify(listed), page, limit]);
  const statusWord = (value: Shown) => (value === 'all' ? t('proofsAll') : words.proofStatus(value));
  const decision = (row: ConsoleProof) =>
    row.status === 'pending' ? null : (
      <>
        {t('decidedBy', {
          status: words.proofStatus(row.status),
          by: row.decided_by ?? '—',
          at: row.decided_at ? shownTime(row.decided_at, zone) : '—',
        })}
        {row.reject_reason && (
          <>
            <br />
            {t('rejectedBecause', { reason: row.reject_reason })}
          </>
        )}
      </>
    );
  const confirm = (id: number, bankRef: string) =>
    proofs.askConfirm(id, bankRef).then(async (asked) => {
      await loaded.reload();
      return asked;
    });
  const reject = (id: number, reason: string) => proofs.reject(id, reason).then(loaded.reload);
  return (
    <>
      <ListControls query={query} view={view} change={change} total={loaded.data?.total} zone={zone} search={t('proofSearch')}>
        <label>
          <span>{t('proofsShown')} </span>
          <select value={shown} onChange={(event) => change({ status: event.currentTarget.value })}>
            {SHOWN.map((value) => (
              <option key={value} value={value}>
                {statusWord(value)}
              </option>
            ))}
          </select>
        </label>
      </ListControls>
      <LoadedTable
        loaded={loaded}
        caption={shown === 'pending' ? t('pending') : t('proofsOf', { status: statusWord(shown) })}
        empty={t('noProofsMatch')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        sorting={sorting}
        columns={[
          { header: '#', cell: (row) => row.id, shape: 'code' },
          {
            header: common('orderNo'),
            cell: (row) => <Stacked first={row.order_no} second={t('orderPeriods', { periods: row.periods.join(', ') })} />,
          },
          { header: common('borrower'), cell: (row) => <Stacked first={row.real_name} second={row.mobile} /> },
          { header: common('amount'), amount: (row) => row.amount, sort: 'amount' },
          { header: inZone(t('sent'), zone), cell: (row) => shownTime(row.created_at, zone), sort: 'created_at', shape: 'code' },
          { header: t('remark'), cell: (row) => row.remark, detail: true },
          { header: common('receiptColumn'), cell: (row) => <ProofImage id={row.id} /> },
          ...(shown === 'pending' ? [] : [{ header: t('decision'), cell: decision }]),
          {
            header: common('actions'),
            shape: 'actions',
            cell: (row) =>
              row.status !== 'pending' ? null : row.approval_id !== null ? (
                common('awaitingSecond', { id: row.approval_id })
              ) : (
                <>
                  <NoteAction label={common('bankRef')} action={t('confirm', { id: row.id })} run={(ref) => confirm(row.id, ref)} />
                  <NoteAction label={common('reason')} action={t('reject', { id: row.id })} run={(reason) => reject(row.id, reason)} />
                </>
              ),
          },
        ]}
      />
    </>
  );
}

export default consoleScreen(ConsoleProofs);
