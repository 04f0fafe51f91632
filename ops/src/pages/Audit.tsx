import { consoleAudit, CONSOLE_SORTS } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { inZone, shownTime } from '@instalment/contract/format';
import { ExportButton, ListControls, LoadedTable, opsMessages, useListView, useOpsWords, type OpsPageProps } from '@instalment/ui/ops';
import { useLoad } from '@instalment/ui/kit';
import { hostMessages } from '../messages';

/** Every operator action and refusal, newest first: of one operator, of one thing, between two days. */
export function Audit({ query, operator }: OpsPageProps) {
  const zone = operator.business_timezone;
  const { http } = useHost();
  const t = useT(hostMessages);
  const common = useT(opsMessages);
  const words = useOpsWords();
  const { view, change, sorting } = useListView('/audit', query, CONSOLE_SORTS.audit);
  const { page, limit, from, to, sort, order } = view;
  const listed = { from, to, sort, order, operator: query.operator || undefined, target: query.target || undefined };
  const loaded = useLoad(() => consoleAudit(http, { ...listed, page, limit }), [http, JSON.stringify(listed), page, limit]);
  return (
    <>
      <ListControls
        query={query}
        view={view}
        change={change}
        total={loaded.data?.total}
        zone={zone}
        fields={[
          { name: 'operator', label: t('operator') },
          { name: 'target', label: t('filter') },
        ]}
      >
        <ExportButton kind="audit" query={listed} />
      </ListControls>
      <LoadedTable
        loaded={loaded}
        caption={common('total', { n: loaded.data?.total ?? 0 })}
        empty={t('auditEmpty')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        sorting={sorting}
        columns={[
          { header: inZone(t('when'), zone), cell: (row) => shownTime(row.at, zone), sort: 'at' },
          { header: t('operator'), cell: (row) => row.username },
          { header: t('action'), cell: (row) => words.action(row.action) },
          { header: t('target'), cell: (row) => row.target },
          {
            header: t('outcome'),
            cell: (row) => (row.reason ? `${words.outcome(row.outcome)}: ${row.reason}` : words.outcome(row.outcome)),
          },
          { header: t('address'), cell: (row) => row.address },
        ]}
      />
    </>
  );
}
