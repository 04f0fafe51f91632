import { CONSOLE_SORTS, type AuditEntry } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { inZone, shownTime } from '@instalment/contract/format';
import {
  AUDIT_ACTIONS,
  ExportButton,
  ListControls,
  LoadedTable,
  consoleMessages,
  useConsoleApi,
  useListView,
  useConsoleWords,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { useLoad } from '@instalment/ui/kit';
import { hostMessages } from '../host/messages';
import { SettingChanges } from '../components/SettingChanges';

/**
 * Every operator action and refusal, newest first: of operators whose name starts so, of one
 * loan or borrower (by order number or phone), of one action, between two days; each with what
 * it changed. Reads are folded by default (one row per operator, action and hour, with the
 * count): the auditor reads decisions first, and a morning's "Queues read" would hide them.
 * Every read a row is one click away, and the export always writes each row.
 */
export function Audit({ query, operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { audit } = useConsoleApi();
  const t = useT(hostMessages);
  const common = useT(consoleMessages);
  const words = useConsoleWords();
  const { view, change, sorting } = useListView('/audit', query, CONSOLE_SORTS.audit);
  const { page, limit, from, to, sort, order } = view;
  const listed = {
    from,
    to,
    sort,
    order,
    operator: query.operator || undefined,
    target: query.target || undefined,
    action: query.action || undefined,
  };
  const reads = query.reads === 'each' ? 'each' : 'folded';
  const loaded = useLoad(() => audit.list({ ...listed, reads, page, limit }), [audit, JSON.stringify(listed), reads, page, limit]);
  const outcome = (row: AuditEntry) => {
    if (row.reads) return t('readsFolded', { ...row.reads, last: shownTime(row.reads.last_at, zone) });
    return row.reason ? `${words.outcome(row.outcome)}: ${row.reason}` : words.outcome(row.outcome);
  };
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
        <label>
          <span>{t('action')} </span>
          <select value={listed.action ?? ''} onChange={(event) => change({ action: event.currentTarget.value || undefined })}>
            <option value="">{t('everyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {words.action(action)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={reads === 'each'}
            onChange={(event) => change({ reads: event.currentTarget.checked ? 'each' : undefined })}
          />{' '}
          {t('readsEach')}
        </label>
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
          { header: inZone(t('when'), zone), cell: (row) => shownTime(row.at, zone), sort: 'at', shape: 'code' },
          { header: t('operator'), cell: (row) => row.username },
          { header: t('action'), cell: (row) => words.action(row.action) },
          { header: t('target'), cell: (row) => words.target(row.target) },
          { header: t('changes'), cell: (row) => (row.changes.length > 0 ? <SettingChanges changes={row.changes} /> : null) },
          { header: t('outcome'), cell: outcome },
          { header: t('address'), cell: (row) => row.address, detail: true },
        ]}
      />
    </>
  );
}
