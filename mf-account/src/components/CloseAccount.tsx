import type { FormEvent } from 'react';
import { type AccountClosure, closeAccount } from '@instalment/contract/api';
import { commonMessages } from '@instalment/contract/i18n';
import { maskPhone } from '@instalment/contract/format';
import { validateCode } from '@instalment/contract/validation';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Button, Card, useRuleForm } from '@instalment/ui/kit';
import { useApi } from '@instalment/ui/facade';
import { QUIET, useFormSubmit } from '../auth/completeLogin';
import { accountMessages } from '../messages';
import { FormError } from './AuthScreen';
import { CodeField } from './PhoneCodeFields';

/**
 * Closing the account: only with no open loan (the server says which keep it open, and refuses
 * the same), proven by a code sent to the account's own phone. Once closed, this device's
 * session goes too.
 */
export function CloseAccount({ closure }: { closure: AccountClosure }) {
  const host = useHost();
  const api = useApi({ user: { closeAccount } });
  const t = useT(accountMessages);
  const common = useT(commonMessages);
  const { busy, error, submit: send } = useFormSubmit();
  const form = useRuleForm({ captcha: '' }, { captcha: validateCode });
  const phone = host.session.userInfo?.phone ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    const sure = await host.ui.confirm(t('closeAccountConfirm'), { confirmText: t('closeAccount'), cancelText: common('cancel') });
    if (!sure) return;
    await send(async () => {
      await api.user.closeAccount({ captcha: form.values.captcha }, QUIET);
      // The shell takes a borrower without a session off a page that needs one, to the login page.
      host.session.clear();
      host.ui.toast(t('accountClosed'), 'success');
    });
  };

  const hint = <p>{t('closeAccountHint', { years: closure.retention_years })}</p>;
  if (!closure.closable) {
    const orders = closure.open_loans.map((loan) => loan.order_no).join(', ');
    return (
      <Card title={t('closeAccount')}>
        <p role="status">{t('openLoansBlockClosing', { orders })}</p>
        {hint}
      </Card>
    );
  }
  return (
    <Card title={t('closeAccount')}>
      {hint}
      <form noValidate onSubmit={submit} aria-label={t('closeAccount')}>
        <CodeField
          mobile={phone}
          event="closeaccount"
          onInvalidPhone={() => undefined}
          hint={t('closeCodeHint', { phone: maskPhone(phone) })}
          {...form.field('captcha')}
        />
        <FormError message={error} />
        <Button type="submit" variant="danger" block busy={busy}>
          {t('closeAccount')}
        </Button>
      </form>
    </Card>
  );
}
