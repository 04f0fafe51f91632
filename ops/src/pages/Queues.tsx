import type { Queues as QueueFigures } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { formatMoney, inZone } from '@instalment/contract/format';
import { useLoad } from '@instalment/ui/kit';
import { useConsoleApi } from '@instalment/ui/console';
import { hostMessages } from '../host/messages';
import type { HostScreenProps } from './pages';

type Words = (typeof hostMessages)['en'];
type QueueKey = keyof QueueFigures['loads'];

/** Each queue, its words, and the screen (with the filter) that works it, the console's or a remote's. */
const QUEUES: Array<{ key: QueueKey; label: keyof Words; path: string; filter: string }> = [
  { key: 'loans_pending', label: 'loansPending', path: '/loans', filter: '?status=pending' },
  { key: 'loans_approved', label: 'loansApproved', path: '/loans', filter: '?status=approved' },
  { key: 'vouchers_pending', label: 'proofsPending', path: '/proofs', filter: '' },
  { key: 'approvals_awaiting', label: 'approvalsAwaiting', path: '/approvals', filter: '' },
  { key: 'loans_overdue', label: 'loansOverdue', path: '/overdue', filter: '' },
  { key: 'differences_open', label: 'differencesOpen', path: '/differences', filter: '' },
];

/** Past two days a wait reads better in days. */
const HOURS_SHOWN_UP_TO = 48;

function Load({ load }: { load: QueueFigures['loads'][QueueKey] }) {
  const t = useT(hostMessages);
  const hours = load.oldest_hours;
  const amount = 'amount' in load ? formatMoney(load.amount) : null;
  const oldest =
    hours === null ? null : hours < HOURS_SHOWN_UP_TO ? t('oldestHours', { hours }) : t('oldestDays', { days: Math.floor(hours / 24) });
  return <span className="ops-load">{[amount, oldest].filter(Boolean).join(' · ')}</span>;
}

/**
 * The console's home: each queue whose screen the operator opens, counted, with what it is worth
 * and how long its oldest has waited, a link to its screen; and the business day's money.
 */
export function Queues({ operator, opens }: HostScreenProps) {
  const { reports } = useConsoleApi();
  const t = useT(hostMessages);
  const { data } = useLoad(() => reports.queues(), [reports]);
  const shown = QUEUES.filter(({ path }) => opens(path));
  return (
    <>
      <h2>{t('queuesWaiting')}</h2>
      <ul className="ops-queues">
        {shown.map(({ key, label, path, filter }) => (
          <li key={key}>
            <a href={`#${path}${filter}`}>
              <span className="ops-count">{data ? data[key] : '…'}</span> {t(label)}
              {data && <Load load={data.loads[key]} />}
            </a>
          </li>
        ))}
      </ul>
      {data && (
        <section aria-labelledby="ops-today">
          <h2 id="ops-today">{inZone(t('today', { date: data.today.date }), operator.business_timezone)}</h2>
          <dl className="ops-today">
            <dt>{t('disbursedToday')}</dt>
            <dd>{formatMoney(data.today.disbursed)}</dd>
            <dt>{t('repaidToday')}</dt>
            <dd>{formatMoney(data.today.repaid)}</dd>
            <dt>{t('overdueNow')}</dt>
            <dd>{formatMoney(data.loads.loans_overdue.amount)}</dd>
          </dl>
          {opens('/reports') && (
            <p>
              <a href="#/reports">{t('dailyReport')}</a>
            </p>
          )}
        </section>
      )}
    </>
  );
}
