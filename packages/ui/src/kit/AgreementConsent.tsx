import { type AgreedVersions, CURRENT_AGREEMENT } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { agreementMessages, titleMessages } from '@instalment/contract/i18n';
import { PATHS } from '@instalment/contract/paths';
import { Checkbox } from './form/controls';
import { useForm } from './form/useForm';
import { PageLink } from './PageLink';

/**
 * A person's consent to the terms of service and the privacy policy. What a screen sends is the
 * versions of the very texts the box links to, and only once the box is ticked: no screen can
 * claim an agreement the person did not give.
 */
export function useAgreementConsent() {
  const t = useT(agreementMessages);
  const form = useForm({ agree: false }, ({ agree }) => ({ agree: agree ? null : t('agreeRequired') }));
  return {
    box: form.checkbox('agree'),
    /** The versions agreed to, or nothing while the box is not ticked. */
    agreed: (): AgreedVersions | null => (form.values.agree ? CURRENT_AGREEMENT : null),
    /** As `agreed`; unticked, the box also says why it is needed and takes the focus. */
    require: (): AgreedVersions | null => (form.validate() ? CURRENT_AGREEMENT : null),
  };
}

export type AgreementConsent = ReturnType<typeof useAgreementConsent>;

/** The box and its sentence; each text opens in a new tab, so that reading it costs nothing typed on the form. */
export function AgreementConsentBox({ consent }: { consent: AgreementConsent }) {
  const t = useT(agreementMessages);
  const titles = useT(titleMessages);
  return (
    <Checkbox {...consent.box}>
      {t('agreeBefore')}
      <PageLink path={PATHS.terms} newTab>
        {titles('terms')}
      </PageLink>
      {t('agreeBetween')}
      <PageLink path={PATHS.privacy} newTab>
        {titles('privacy')}
      </PageLink>
    </Checkbox>
  );
}
