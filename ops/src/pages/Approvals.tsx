import { ADMIN_ENDPOINTS, adminPath, consoleApprovals } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { LoadedTable, NoteAction, opsMessages } from '@instalment/shared/ops';
import { Button, useLoad } from '@instalment/shared/ui';
import { hostMessages } from '../messages';

const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Four eyes: what one operator asked for, for a second one to carry out or decline. */
export function Approvals() {
  const { http } = useHost();
  const t = useT(hostMessages);
  const common = useT(opsMessages);
  const loaded = useLoad(() => consoleApprovals(http, { status: 'awaiting', limit: 50 }), [http]);
  const decide = (id: number, path: string, reason = '') => http.post(adminPath(path, { id }), { reason }).then(loaded.reload);
  return (
    <LoadedTable
      loaded={loaded}
      caption={t('awaiting')}
      rows={(data) => data.list}
      rowKey={(row) => row.id}
      columns={[
        { header: '#', cell: (row) => row.id },
        { header: t('kind'), cell: (row) => row.kind },
        { header: t('target'), cell: (row) => row.target },
        { header: t('payload'), cell: (row) => <code>{shown(row.payload)}</code> },
        { header: t('maker'), cell: (row) => row.maker },
        {
          header: common('actions'),
          cell: (row) => (
            <>
              <Button
                size="small"
                variant="primary"
                onClick={() => void decide(row.id, ADMIN_ENDPOINTS.approveApproval).catch(() => undefined)}
              >
                {t('approve')} #{row.id}
              </Button>
              <NoteAction
                label={common('reason')}
                action={`${t('decline')} #${row.id}`}
                run={(reason) => decide(row.id, ADMIN_ENDPOINTS.declineApproval, reason)}
              />
            </>
          ),
        },
      ]}
    />
  );
}
