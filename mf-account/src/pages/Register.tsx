import type { FormEvent } from 'react';
import { type PageProps, useT } from '@instalment/host-sdk/host';
import { titleMessages } from '@instalment/contract/i18n';
import { AgreementConsentBox, Button, Field, useAgreementConsent, useRuleForm, type FieldRule } from '@instalment/ui/kit';
import { validateCode, validateOptionalEmail, validatePassword, validatePhone } from '@instalment/contract/validation';
import { QUIET, useLoginSubmit } from '../auth/completeLogin';
import { PATHS } from '@instalment/contract/paths';
import { AuthScreen, FormError, SwitchLink } from '../components/AuthScreen';
import { PasswordField } from '../components/PasswordField';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { accountMessages } from '../messages';
import { register } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

type RegisterField = 'mobile' | 'code' | 'password' | 'confirm' | 'email';

const confirmMatches: FieldRule<RegisterField> = (value, values) =>
  value === '' ? 'required' : value === values.password ? null : 'passwordMismatch';

export default function Register(_props: PageProps) {
  const api = useApi({ user: { register } });
  const t = useT(accountMessages);
  const titles = useT(titleMessages);
  const { busy, error, submit: sendRegistration } = useLoginSubmit();
  const form = useRuleForm<RegisterField>(
    { mobile: '', code: '', password: '', confirm: '', email: '' },
    { mobile: validatePhone, code: validateCode, password: validatePassword, confirm: confirmMatches, email: validateOptionalEmail },
  );
  const consent = useAgreementConsent();
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The consent first, so that focus ends on the first field above it that needs fixing.
    const agreed = consent.require();
    if (busy || !form.validate() || !agreed) return;
    // The username is left to the contract's default: the phone (SPEC §7).
    await sendRegistration(() =>
      api.user.register(
        { ...agreed, mobile: values.mobile, code: values.code, password: values.password, email: values.email.trim() },
        QUIET,
      ),
    );
  };

  return (
    <AuthScreen title={titles('register')}>
      <form noValidate onSubmit={submit} aria-label={titles('register')}>
        <PhoneCodeFields
          phone={form.field('mobile')}
          code={form.field('code')}
          event="register"
          onInvalidPhone={() => form.show('mobile')}
        />
        <PasswordField label={t('password')} autoComplete="new-password" hint={t('passwordHint')} {...form.field('password')} />
        <PasswordField label={t('confirmPassword')} autoComplete="new-password" {...form.field('confirm')} />
        <Field label={t('emailOptional')} type="email" autoComplete="email" {...form.field('email')} />
        <AgreementConsentBox consent={consent} />
        <FormError message={error} />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('createAccount')}
        </Button>
      </form>
      <SwitchLink prompt={t('haveAccount')} label={t('logIn')} path={PATHS.login} />
    </AuthScreen>
  );
}
