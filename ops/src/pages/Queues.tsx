import { ADMIN_ENDPOINTS, type Queues as QueueCounts } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { useLoad } from '@instalment/shared/ui';
import { hostMessages } from '../messages';

const ROWS: Array<[keyof QueueCounts, keyof (typeof hostMessages)['en'], string]> = [
  ['loans_pending', 'loansPending', '/loans?status=pending'],
  ['loans_approved', 'loansApproved', '/loans?status=approved'],
  ['vouchers_pending', 'vouchersPending', '/proofs'],
  ['approvals_awaiting', 'approvalsAwaiting', '/approvals'],
  ['loans_overdue', 'loansOverdue', '/overdue'],
];

/** What is waiting for staff, counted, each a link to its queue. */
export function Queues() {
  const { http } = useHost();
  const t = useT(hostMessages);
  const { data } = useLoad(() => http.get<QueueCounts>(ADMIN_ENDPOINTS.queues), [http]);
  return (
    <ul className="ops-queues">
      {ROWS.map(([key, label, path]) => (
        <li key={key}>
          <a href={`#${path}`}>
            <span className="ops-count">{data ? data[key] : '…'}</span> {t(label)}
          </a>
        </li>
      ))}
    </ul>
  );
}
