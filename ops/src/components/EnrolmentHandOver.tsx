import { shownTime } from '@instalment/contract/format';
import type { OperatorEnrolment } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { hostMessages } from '../host/messages';
import { ENROL_PATH } from '../sign-in/Enrol';

/**
 * What an admin is shown once for a new account or a TOTP reset: the operator's enrolment link
 * (the console's own enrolment page, the code in its hash) and the code alone, to hand over out
 * of band. Neither is a password or a secret: they only let the operator set their own.
 */
export function EnrolmentHandOver({ enrolment, zone, onDone }: { enrolment: OperatorEnrolment; zone: string; onDone: () => void }) {
  const { routeUrl } = useHost();
  const t = useT(hostMessages);
  return (
    <section className="ops-credentials" aria-labelledby="enrolment-title">
      <h2 id="enrolment-title">{t('enrolmentTitle', { username: enrolment.username })}</h2>
      <p>{t('enrolmentOnce', { username: enrolment.username, expires: shownTime(enrolment.expires_at, zone) })}</p>
      <dl>
        <dt>{t('enrolmentLink')}</dt>
        <dd>
          <code data-testid="enrolment-link">{routeUrl(ENROL_PATH, { code: enrolment.enrolment_code })}</code>
        </dd>
        <dt>{t('enrolmentCode')}</dt>
        <dd>
          <code data-testid="enrolment-code">{enrolment.enrolment_code}</code>
        </dd>
      </dl>
      <Button size="small" onClick={onDone}>
        {t('enrolmentKept')}
      </Button>
    </section>
  );
}
