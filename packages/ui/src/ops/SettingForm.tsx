import { useId, useState, type ReactNode } from 'react';
import { ADMIN_ENDPOINTS, askSettingChange, type EditableSetting, type SettingValues, type Settings } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { Button, FieldError, errorIdOf, useLoad } from '@instalment/ui/kit';
import { opsMessages } from './messages';

/** The product's settings as in force, for the forms that change them; null until they arrive. */
export function useSettings(): Settings | null {
  const { http } = useHost();
  return useLoad(() => http.get<Settings>(ADMIN_ENDPOINTS.settings), [http]).data;
}

export interface SettingFormProps<K extends EditableSetting> {
  setting: K;
  label: string;
  /** The value to ask for, or null when the form's own checks refuse a field (the field then says why). */
  value: () => SettingValues[K] | null;
  children: ReactNode;
}

/**
 * A setting changes only through a second operator's approval. The server's refusal (a price
 * over the legal ceiling, the value in force already) is shown beside the form, whose fields
 * keep what was typed so that the operator corrects rather than retypes.
 */
export function SettingForm<K extends EditableSetting>({ setting, label, value, children }: SettingFormProps<K>) {
  const { http, ui } = useHost();
  const t = useT(opsMessages);
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <form
      aria-labelledby={`${id}-heading`}
      aria-describedby={refusal ? errorIdOf(id) : undefined}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const asked = value();
        if (asked === null) return;
        setRefusal(null);
        askSettingChange(http, setting, asked, { toast: false }).then(
          (answer) => ui.toast(t('awaitingSecond', { id: answer.approval_id }), 'info'),
          (failure: unknown) => setRefusal(failure instanceof ApiError ? failure.message : String(failure)),
        );
      }}
    >
      <h2 id={`${id}-heading`}>{label}</h2>
      {children}
      <FieldError controlId={id} message={refusal} />
      <Button type="submit" variant="primary">
        {t('askChange')}
      </Button>
    </form>
  );
}
