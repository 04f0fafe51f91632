import type { FormEvent } from 'react';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { Button, Card, useRuleForm, type FieldRule } from '@instalment/ui/kit';
import { validatePassword, type ValidationKey } from '@instalment/contract/validation';
import { QUIET, useFormSubmit } from '../auth/completeLogin';
import { FormError } from '../components/AuthScreen';
import { PasswordField } from '../components/PasswordField';
import { accountMessages } from '../messages';
import { changePassword } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

type PasswordFormField = 'oldpassword' | 'newpassword' | 'confirm';

/** The current password is only checked by the server; here it need only be given. */
const given = (value: string): ValidationKey | null => (value === '' ? 'passwordRequired' : null);
const confirmMatches: FieldRule<PasswordFormField> = (value, values) =>
  value === '' ? 'required' : value === values.newpassword ? null : 'passwordMismatch';

/** Security settings: a new password, which ends every other session of the account. */
export default function Security(_props: PageProps) {
  const host = useHost();
  const api = useApi({ user: { changePassword } });
  const t = useT(accountMessages);
  const { busy, error, submit: send } = useFormSubmit();
  const form = useRuleForm<PasswordFormField>(
    { oldpassword: '', newpassword: '', confirm: '' },
    { oldpassword: given, newpassword: validatePassword, confirm: confirmMatches },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    await send(async () => {
      await api.user.changePassword({ oldpassword: form.values.oldpassword, newpassword: form.values.newpassword }, QUIET);
      host.ui.toast(t('passwordChanged'), 'success');
      host.back();
    });
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label={t('changePassword')}>
        <h2>{t('changePassword')}</h2>
        <PasswordField label={t('currentPassword')} autoComplete="current-password" {...form.field('oldpassword')} />
        <PasswordField label={t('newPassword')} autoComplete="new-password" hint={t('passwordHint')} {...form.field('newpassword')} />
        <PasswordField label={t('confirmPassword')} autoComplete="new-password" {...form.field('confirm')} />
        <FormError message={error} />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('changePassword')}
        </Button>
      </form>
    </Card>
  );
}
