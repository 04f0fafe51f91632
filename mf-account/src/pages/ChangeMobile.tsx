import type { FormEvent } from 'react';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { titleMessages } from '@instalment/contract/i18n';
import { toStoredUserInfo } from '@instalment/host-sdk/session';
import { Button, Card, useRuleForm } from '@instalment/ui/kit';
import { validateCode, validatePhone } from '@instalment/contract/validation';
import { QUIET, useFormSubmit } from '../auth/completeLogin';
import { FormError } from '../components/AuthScreen';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { accountMessages } from '../messages';
import { changeMobile } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

/** A new phone number, proven by a code sent to it (FastAdmin's changemobile). */
export default function ChangeMobile(_props: PageProps) {
  const host = useHost();
  const api = useApi({ user: { changeMobile } });
  const t = useT(accountMessages);
  const titles = useT(titleMessages);
  const { busy, error, submit: send } = useFormSubmit();
  const form = useRuleForm({ mobile: '', captcha: '' }, { mobile: validatePhone, captcha: validateCode });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    await send(async () => {
      const user = await api.user.changeMobile({ ...form.values }, QUIET);
      host.session.setUserInfo(toStoredUserInfo(user));
      host.ui.toast(t('phoneChanged'), 'success');
      host.back();
    });
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label={titles('changeMobile')}>
        <p>{t('changePhoneHint')}</p>
        <PhoneCodeFields
          phone={form.field('mobile')}
          phoneLabel={t('newPhone')}
          code={form.field('captcha')}
          event="changemobile"
          onInvalidPhone={() => form.show('mobile')}
        />
        <FormError message={error} />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('changePhoneAction')}
        </Button>
      </form>
    </Card>
  );
}
