import type { PageProps } from '@instalment/host-sdk/host';
import { AgreementView } from '../agreements/AgreementView';

export default function Privacy(_props: PageProps) {
  return <AgreementView name="privacy" />;
}
