import type { InstalmentStatus, LoanStatus, ProofStatus } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { loanMessages } from '@instalment/contract/loan';
import { Tag } from '@instalment/ui/kit';

/** The tag tones of the shared UI kit are named after the statuses they colour. */
export function LoanStatusTag({ status }: { status: LoanStatus }) {
  const t = useT(loanMessages);
  return <Tag tone={status}>{t(`status_${status}`)}</Tag>;
}

export function InstalmentStatusTag({ status }: { status: InstalmentStatus }) {
  const t = useT(loanMessages);
  return <Tag tone={status}>{t(`instalment_${status}`)}</Tag>;
}

export function ProofStatusTag({ status }: { status: ProofStatus }) {
  const t = useT(loanMessages);
  return <Tag tone={status}>{t(`voucher_${status}`)}</Tag>;
}
