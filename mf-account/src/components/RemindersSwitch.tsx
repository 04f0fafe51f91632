import { useId, useState } from 'react';
import { useHost, useT } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { Checkbox } from '@instalment/ui/kit';
import { accountMessages } from '../messages';
import styles from '../pages/Profile.module.css';
import { setReminders } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

/**
 * Due reminders by SMS, on or off. The box shows what the server has on record: it moves only
 * when the server took the change, and a refusal is said beside it.
 */
export function RemindersSwitch({ enabled, onSaved }: { enabled: boolean; onSaved: (enabled: boolean) => void }) {
  const host = useHost();
  const api = useApi({ user: { setReminders } });
  const t = useT(accountMessages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const account = await api.user.setReminders({ enabled: next }, { toast: false, loading: false });
      onSaved(account.sms_reminders);
      host.ui.toast(t(account.sms_reminders ? 'remindersOn' : 'remindersOff'), 'success');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('remindersNotSaved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.language} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('reminders')}
      </h2>
      <Checkbox
        id={`${id}-box`}
        name="sms_reminders"
        checked={enabled}
        disabled={busy}
        error={error}
        onChange={(next) => void change(next)}
      >
        {t('remindersLabel')}
      </Checkbox>
    </section>
  );
}
