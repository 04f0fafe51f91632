import { useId, useState, type ReactNode } from 'react';
import type { EditableSetting, SettingValues, Settings } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { Button, FieldError, errorIdOf, useLoad } from '@instalment/ui/kit';
import { useMayAct } from './acts';
import { useConsoleApi } from './console-api';
import { consoleMessages } from './messages';
import styles from './ops.module.css';

/** The product's settings as in force, for the forms that change them; null until they arrive. */
export function useSettings(): Settings | null {
  const { settings } = useConsoleApi();
  return useLoad(() => settings.read(), [settings]).data;
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
 * keep what was typed so that the operator corrects rather than retypes. An operator who may
 * only read the screen reads the values in force, its fields shut and nothing to ask.
 */
export function SettingForm<K extends EditableSetting>({ setting, label, value, children }: SettingFormProps<K>) {
  const { ui } = useHost();
  const { settings } = useConsoleApi();
  const t = useT(consoleMessages);
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayAct = useMayAct();
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
        settings.askChange(setting, asked, { toast: false }).then(
          (answer) => ui.toast(t('awaitingSecond', { id: answer.approval_id }), 'info'),
          (failure: unknown) => setRefusal(failure instanceof ApiError ? failure.message : String(failure)),
        );
      }}
    >
      <h2 id={`${id}-heading`}>{label}</h2>
      <fieldset className={styles.plain} disabled={!mayAct}>
        {children}
      </fieldset>
      <FieldError controlId={id} message={refusal} />
      {mayAct && (
        <Button type="submit" variant="primary">
          {t('askChange')}
        </Button>
      )}
    </form>
  );
}
