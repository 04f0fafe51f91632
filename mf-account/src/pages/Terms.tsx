import type { PageProps } from '@instalment/host-sdk/host';
import { AgreementView } from '../agreements/AgreementView';

export default function Terms(_props: PageProps) {
  return <AgreementView name="terms" />;
}
