import { useLocale, useT } from '@instalment/host-sdk/host';
import { Card } from '@instalment/ui/kit';
import { accountMessages } from '../messages';
import styles from './AgreementView.module.css';
import { AGREEMENTS, type AgreementName } from './texts';

/** An agreement in the reader's language, readable before registering (no login needed). */
export function AgreementView({ name }: { name: AgreementName }) {
  const locale = useLocale();
  const t = useT(accountMessages);
  const agreement = AGREEMENTS[name][locale];
  return (
    <Card>
      <div className={styles.agreement}>
        <p className={styles.updated}>{t('agreementUpdated', { date: agreement.updated })}</p>
        {agreement.sections.map((section) => (
          <section key={section.heading}>
            <h2 className={styles.heading}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </Card>
  );
}
