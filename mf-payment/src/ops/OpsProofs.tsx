import { ADMIN_ENDPOINTS, adminPath, consoleVouchers, CONSOLE_SORTS, type ApprovalAsked } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { inZone, shownTime } from '@instalment/contract/format';
import { ListControls, LoadedTable, NoteAction, opsMessages, Receipt, useListView, type OpsPageProps } from '@instalment/ui/ops';
import { useLoad } from '@instalment/ui/kit';
import { opsPaymentMessages } from './messages';

/** Proofs of bank transfers: finance checks the receipt, asks a second operator to confirm, or rejects with a reason. */
export default function OpsProofs({ query, operator }: OpsPageProps) {
  const zone = operator.business_timezone;
  const { http } = useHost();
  const t = useT(opsPaymentMessages);
  const common = useT(opsMessages);
  const { view, change, sorting } = useListView('/proofs', query, CONSOLE_SORTS.vouchers);
  const { page, limit, from, to, sort, order } = view;
  const listed = { from, to, sort, order };
  const loaded = useLoad(
    () => consoleVouchers(http, { ...listed, status: 'pending', page, limit }),
    [http, JSON.stringify(listed), page, limit],
  );
  const confirm = (id: number, bank_ref: string) =>
    http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.confirmVoucher, { id }), { bank_ref }).then(async (asked) => {
      await loaded.reload();
      return asked;
    });
  const reject = (id: number, reason: string) =>
    http.post(adminPath(ADMIN_ENDPOINTS.rejectVoucher, { id }), { reason }).then(loaded.reload);
  return (
    <>
      <ListControls query={query} view={view} change={change} total={loaded.data?.total} zone={zone} />
      <LoadedTable
        loaded={loaded}
        caption={t('pending')}
        empty={t('noProofsMatch')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        sorting={sorting}
        columns={[
          { header: '#', cell: (row) => row.id },
          { header: common('orderNo'), cell: (row) => row.order_no },
          { header: common('borrower'), cell: (row) => `${row.real_name} · ${row.mobile}` },
          { header: t('periods'), cell: (row) => row.periods.join(', ') },
          { header: common('amount'), cell: (row) => row.amount, sort: 'amount' },
          { header: inZone(t('sent'), zone), cell: (row) => shownTime(row.created_at, zone), sort: 'created_at' },
          { header: t('remark'), cell: (row) => row.remark },
          { header: common('receiptColumn'), cell: (row) => <Receipt id={row.id} /> },
          {
            header: common('actions'),
            cell: (row) =>
              row.approval_id !== null ? (
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
