import type { FormEvent } from 'react';
import { type PageProps, useHost, useT } from '@instalment/shared/host';
import { titleMessages } from '@instalment/shared/i18n';
import { toStoredUserInfo } from '@instalment/shared/session';
import { Button, Card, useRuleForm } from '@instalment/shared/ui';
import { validateCode, validatePhone } from '@instalment/shared/validation';
import { QUIET, useFormSubmit } from '../auth/completeLogin';
import { FormError } from '../components/AuthScreen';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { accountMessages } from '../messages';
import { useApi } from '@instalment/shared/facade';

/** A new phone number, proven by a code sent to it (FastAdmin's changemobile). */
export default function ChangeMobile(_props: PageProps) {
  const host = useHost();
  const api = useApi();
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
