import type { FormEvent } from 'react';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { titleMessages } from '@instalment/contract/i18n';
import { Button, useRuleForm } from '@instalment/ui/kit';
import { validateCode, validatePassword, validatePhone } from '@instalment/contract/validation';
import { QUIET, useFormSubmit } from '../auth/completeLogin';
import { AuthScreen, FormError, SwitchLink } from '../components/AuthScreen';
import { PasswordField } from '../components/PasswordField';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { accountMessages } from '../messages';
import { PATHS } from '@instalment/contract/paths';
import { resetPassword } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

/** A forgotten password, replaced with a code sent to the account's phone; then back to login. */
export default function ResetPassword(_props: PageProps) {
  const host = useHost();
  const api = useApi({ user: { resetPassword } });
  const t = useT(accountMessages);
  const titles = useT(titleMessages);
  const { busy, error, submit: send } = useFormSubmit();
  const form = useRuleForm(
    { mobile: '', captcha: '', newpassword: '' },
    { mobile: validatePhone, captcha: validateCode, newpassword: validatePassword },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    await send(async () => {
      await api.user.resetPassword({ ...form.values }, QUIET);
      host.ui.toast(t('passwordReset'), 'success');
      host.navigate(PATHS.login, {}, { replace: true });
    });
  };

  return (
    <AuthScreen title={titles('resetPassword')}>
      <form noValidate onSubmit={submit} aria-label={titles('resetPassword')}>
        <PhoneCodeFields
          phone={form.field('mobile')}
          code={form.field('captcha')}
          event="resetpwd"
          onInvalidPhone={() => form.show('mobile')}
        />
        <PasswordField label={t('newPassword')} autoComplete="new-password" hint={t('passwordHint')} {...form.field('newpassword')} />
        <FormError message={error} />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('resetPasswordAction')}
        </Button>
      </form>
      <SwitchLink prompt={t('rememberPassword')} label={t('logIn')} path={PATHS.login} />
    </AuthScreen>
  );
}
