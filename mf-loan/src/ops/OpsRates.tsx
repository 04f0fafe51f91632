import { useT } from '@instalment/shared/host';
import { SettingEditor } from '@instalment/shared/ops';
import { opsLoanMessages } from './messages';

/** The loan team's prices: a change waits for a second operator and is refused over the legal APR ceiling. */
export default function OpsRates() {
  const t = useT(opsLoanMessages);
  return <SettingEditor setting="loan_rates" label={t('rates')} />;
}
