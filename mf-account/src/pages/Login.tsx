import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { isConsentRequired, login, mobileLogin } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { type PageProps, useT } from '@instalment/host-sdk/host';
import { titleMessages } from '@instalment/contract/i18n';
import { AgreementConsentBox, Button, Field, useAgreementConsent, useRuleForm } from '@instalment/ui/kit';
import { validateAccount, validateCode, validatePhone, type ValidationKey } from '@instalment/contract/validation';
import { QUIET, useLoginSubmit } from '../auth/completeLogin';
import { PATHS } from '@instalment/contract/paths';
import { AuthScreen, FormError, SwitchLink } from '../components/AuthScreen';
import { PasswordField } from '../components/PasswordField';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { accountMessages } from '../messages';
import styles from './Login.module.css';
import { useApi } from '@instalment/ui/facade';

type Mode = 'sms' | 'password';

/** The server's lockout refusals, English or Chinese: "Too many wrong passwords…" / "密码错误次数过多…". */
const LOCKOUT = /too many wrong passwords|密码错误次数过多/i;
const MODES: readonly Mode[] = ['sms', 'password'];

/** Login only asks for the password; the strength rule is register's business. */
const passwordGiven = (value: string): ValidationKey | null => (value === '' ? 'passwordRequired' : null);

export default function Login(_props: PageProps) {
  const api = useApi({ user: { login, mobileLogin } });
  const t = useT(accountMessages);
  const titles = useT(titleMessages);
  const [mode, setMode] = useState<Mode>('sms');
  const { busy, error, setError, submit: sendLogin } = useLoginSubmit();
  const tabsId = useId();
  const sms = useRuleForm({ mobile: '', captcha: '' }, { mobile: validatePhone, captcha: validateCode });
  const password = useRuleForm({ account: '', password: '' }, { account: validateAccount, password: passwordGiven });
  // Only a phone without an account needs it (SMS login creates one), so it is sent when given, never demanded up front.
  const consent = useAgreementConsent();

  const choose = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  // Tabs pattern: arrows move between the two modes, focus follows the selection.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = MODES[(MODES.indexOf(mode) + 1) % MODES.length];
    choose(next);
    document.getElementById(`${tabsId}-${next}-tab`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = mode === 'sms' ? sms : password;
    if (busy || !form.validate()) return;
    await sendLogin(() =>
      mode === 'sms' ? smsLogin() : api.user.login({ account: password.values.account.trim(), password: password.values.password }, QUIET),
    );
  };

  const smsLogin = async () => {
    try {
      return await api.user.mobileLogin({ ...consent.agreed(), mobile: sms.values.mobile, captcha: sms.values.captcha }, QUIET);
    } catch (error) {
      // A new account: the refusal shows under the form, and the box it asks for takes the focus.
      if (error instanceof ApiError && isConsentRequired(error.data)) consent.require();
      throw error;
    }
  };

  return (
    <AuthScreen title={titles('login')}>
      <div role="tablist" aria-label={t('loginMethod')} className={styles.tabs}>
        {MODES.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`${tabsId}-${each}-tab`}
            aria-selected={mode === each}
            aria-controls={`${tabsId}-panel`}
            tabIndex={mode === each ? 0 : -1}
            className={mode === each ? `${styles.tab} ${styles.selected}` : styles.tab}
            onClick={() => choose(each)}
            onKeyDown={onTabKey}
          >
            {t(each === 'sms' ? 'smsMode' : 'passwordMode')}
          </button>
        ))}
      </div>
      {/* A form may not take the tabpanel role (ARIA in HTML): the panel wraps it. */}
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${mode}-tab`}>
        <form noValidate onSubmit={submit} aria-labelledby={`${tabsId}-${mode}-tab`}>
          {mode === 'sms' ? (
            <>
              <PhoneCodeFields
                phone={sms.field('mobile')}
                code={sms.field('captcha')}
                event="mobilelogin"
                onInvalidPhone={() => sms.show('mobile')}
              />
              <AgreementConsentBox consent={consent} />
              <p className={styles.note}>{t('newAccountConsent')}</p>
            </>
          ) : (
            <>
              <Field label={t('account')} autoComplete="username" placeholder={t('accountPlaceholder')} {...password.field('account')} />
              <PasswordField label={t('password')} autoComplete="current-password" {...password.field('password')} />
            </>
          )}
          <FormError message={error} />
          <Button type="submit" variant="primary" block busy={busy}>
            {t('logIn')}
          </Button>
        </form>
      </div>
      {mode === 'password' && (
        // Beside the lockout message (which suggests SMS login) there is also the way to a new password.
        <SwitchLink
          prompt={error !== null && LOCKOUT.test(error) ? t('lockedOut') : ''}
          label={t('forgotPassword')}
          path={PATHS.resetPassword}
        />
      )}
      <SwitchLink prompt={t('noAccount')} label={t('createAccount')} path={PATHS.register} />
    </AuthScreen>
  );
}
