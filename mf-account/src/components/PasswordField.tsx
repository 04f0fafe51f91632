import { useState } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { Button, Field, type FieldProps } from '@instalment/ui/kit';
import { accountMessages } from '../messages';

/** A password input with a show/hide control, so a person on a phone can check what they typed. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const t = useT(accountMessages);
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        // The name stays; aria-pressed tells whether the password is visible.
        <Button size="small" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {t('showPassword')}
        </Button>
      }
    />
  );
}
