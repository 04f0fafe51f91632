import { useState } from 'react';
import { ADMIN_ENDPOINTS, adminPath, type ApprovalAsked, type EditableSetting } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { ApiError } from '@instalment/shared/http';
import { Button, TextArea, useLoad } from '@instalment/shared/ui';
import { opsMessages } from './messages';

/**
 * One product setting (the rates, the channels, the receiving account) as the JSON the server
 * checks, changed only through a second operator's approval. A refusal (not JSON, the wrong
 * shape, a price over the legal ceiling) is shown under the text, which stays as typed.
 */
export function SettingEditor({ setting, label }: { setting: EditableSetting; label: string }) {
  const { http, ui } = useHost();
  const t = useT(opsMessages);
  const [error, setError] = useState<string | null>(null);
  const { data } = useLoad(() => http.get<Record<EditableSetting, unknown>>(ADMIN_ENDPOINTS.settings), [http]);
  if (!data) return null;
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get('value') ?? '');
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          setError(t('notJson'));
          return;
        }
        setError(null);
        http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.setting, { key: setting }), { value }, { toast: false }).then(
          (asked) => ui.toast(t('awaitingSecond', { id: asked.approval_id }), 'info'),
          (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)),
        );
      }}
    >
      <h2>{label}</h2>
      <TextArea
        label={t('settingValue')}
        name="value"
        rows={14}
        spellCheck={false}
        defaultValue={JSON.stringify(data[setting], null, 2)}
        error={error}
      />
      <Button type="submit" variant="primary">
        {t('askChange')}
      </Button>
    </form>
  );
}
