import { useState } from 'react';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Button, Card } from '@instalment/ui/kit';
import { dataExport } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';
import { accountMessages } from '../messages';

/**
 * The borrower's archive. A download is saved from a link, and a link cannot send the token:
 * the server gives one signed for this borrower that lasts a minute, and the browser follows it
 * at once (its answer is an attachment, so the app stays where it is).
 */
export function DataDownload() {
  const host = useHost();
  const api = useApi({ user: { dataExport } });
  const t = useT(accountMessages);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const { url } = await api.user.dataExport();
      const link = document.createElement('a');
      link.href = url;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      host.ui.toast(t('downloadStarted'), 'success');
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('myDataCopy')}>
      <p>{t('myDataCopyHint')}</p>
      <Button variant="primary" block busy={busy} onClick={() => void download()}>
        {t('downloadMyData')}
      </Button>
    </Card>
  );
}
