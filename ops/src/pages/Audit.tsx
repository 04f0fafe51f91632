import { useState } from 'react';
import { consoleAudit } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { inZone, shownTime } from '@instalment/shared/format';
import { LoadedTable, opsMessages, type OpsPageProps } from '@instalment/shared/ops';
import { Button, useLoad } from '@instalment/shared/ui';
import { hostMessages } from '../messages';

/** Every operator action and refusal, newest first, optionally of one thing. */
export function Audit({ operator }: OpsPageProps) {
  const zone = operator.business_timezone;
  const { http } = useHost();
  const t = useT(hostMessages);
  const common = useT(opsMessages);
  const [target, setTarget] = useState('');
  const loaded = useLoad(() => consoleAudit(http, { limit: 50, target: target || undefined }), [http, target]);
  return (
    <>
      <form
        className="ops-filter"
        onSubmit={(event) => {
          event.preventDefault();
          setTarget(String(new FormData(event.currentTarget).get('target') ?? '').trim());
        }}
      >
        <label>
          {t('filter')} <input name="target" defaultValue={target} />
        </label>
        <Button type="submit" size="small">
          {t('show')}
        </Button>
      </form>
      <LoadedTable
        loaded={loaded}
        caption={common('total', { n: loaded.data?.total ?? 0 })}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={[
          { header: inZone(t('when'), zone), cell: (row) => shownTime(row.at, zone) },
          { header: t('operator'), cell: (row) => row.username },
          { header: t('action'), cell: (row) => row.action },
          { header: t('target'), cell: (row) => row.target },
          { header: t('outcome'), cell: (row) => (row.reason ? `${row.outcome}: ${row.reason}` : row.outcome) },
          { header: t('address'), cell: (row) => row.address },
        ]}
      />
    </>
  );
}
