import { useState } from 'react';
import {
  APPROVAL_KINDS,
  mayDo,
  type Approval,
  type ApprovalDecided,
  type ApprovalStatus,
  type OperatorEnrolment,
  type OperatorRole,
} from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { formatMoney, inZone, shownTime } from '@instalment/contract/format';
import {
  ListControls,
  LoadedTable,
  NoteAction,
  consoleMessages,
  Payee,
  ProofImage,
  useConsoleApi,
  useListView,
  useConsoleWords,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { Button, useLoad } from '@instalment/ui/kit';
import { EnrolmentHandOver } from '../components/EnrolmentHandOver';
import { hostMessages } from '../host/messages';
import { SettingChanges } from '../components/SettingChanges';

/**
 * What the change is about, in the words the checker decides on; a disbursement waiting for its
 * checker offers finance (`payee`) the full payee account to check the transfer against.
 */
function Subject({ approval, payee }: { approval: Approval; payee: boolean }) {
  const t = useT(hostMessages);
  const roles = (list: readonly OperatorRole[]) => (list.length ? list.map((role) => t(`role_${role}`)).join(', ') : t('noRoles'));
  const { subject } = approval;
  if (subject === null) return <>{t('subjectGone')}</>;
  switch (subject.about) {
    case 'disbursement':
      return (
        <>
          {t('subjectDisbursement', { ...subject, amount: formatMoney(subject.amount) })}
          {payee && approval.status === 'awaiting' && <Payee orderNo={subject.order_no} />}
        </>
      );
    case 'proof':
      return (
        <>
          {t('subjectProof', { ...subject, periods: subject.periods.join(', '), amount: formatMoney(subject.amount) })}
          <ProofImage id={subject.voucher_id} />
        </>
      );
    case 'credit':
      return (
        <>
          {t('subjectCredit', {
            ...subject,
            before: subject.before === null ? t('defaultLimit') : formatMoney(subject.before),
            after: formatMoney(subject.after),
          })}
        </>
      );
    case 'setting':
      return <SettingChanges changes={subject.changes} />;
    case 'roles':
      return <>{t('subjectRoles', { username: subject.username, before: roles(subject.before), after: roles(subject.after) })}</>;
    case 'account':
      return (
        <>{t(`subjectAccount_${subject.change}`, { username: subject.username, roles: roles(subject.roles), maker: approval.maker })}</>
      );
    case 'refund':
      return <>{t('subjectRefund', { ...subject, amount: formatMoney(subject.amount), trade_no: subject.trade_no ?? t('noTrade') })}</>;
    case 'apply': {
      const { order_no, payment_no } = subject;
      const amount = formatMoney(subject.amount);
      return subject.at_price_shown ? (
        <>
          {t('subjectApplyShown', {
            order_no,
            amount,
            payment_no,
            asked: formatMoney(subject.asked),
            due: formatMoney(subject.due ?? subject.asked),
          })}
        </>
      ) : (
        <>{t('subjectApply', { order_no, amount, payment_no })}</>
      );
    }
  }
}

/** The statuses the list is shown by; what waits is what an operator opens it for. */
const SHOWN = ['awaiting', 'approved', 'declined', 'all'] as const;
type Shown = (typeof SHOWN)[number];

const bankRefOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'bank_ref' in payload ? String(payload.bank_ref) : '';

/**
 * Four eyes: what one operator asked for, in words, for a second one to carry out or decline.
 * Only an operator the server says may decide it (`may_decide`) is offered the decision; each is
 * confirmed first. An admin who approves another admin's new authenticator is shown the
 * enrolment code to hand over. Decided ones are listed too, by status, with who decided and
 * why one was declined: the maker learns the outcome here, the auditor reads every decision.
 */
export function Approvals({ query, operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { ui } = useHost();
  const { approvals } = useConsoleApi();
  const t = useT(hostMessages);
  const common = useT(consoleMessages);
  const words = useConsoleWords();
  const { view, change } = useListView<never>('/approvals', query, []);
  const { page, limit } = view;
  const shown: Shown = SHOWN.find((status) => status === query.status) ?? 'awaiting';
  const status: ApprovalStatus | undefined = shown === 'all' ? undefined : shown;
  const loaded = useLoad(() => approvals.list({ status, page, limit }), [approvals, status, page, limit]);
  const statusWord = (status: Shown) => (status === 'all' ? t('approvalsAll') : words.approvalStatus(status));
  const [handed, setHanded] = useState<OperatorEnrolment | null>(null);
  const decide = (decision: Promise<ApprovalDecided>) =>
    decision.then((decided) => {
      if (decided.enrolment) setHanded(decided.enrolment);
      loaded.reload();
    });
  const confirmed = (message: string) => ui.confirm(message).then((yes) => yes || Promise.reject(new Error(message)));
  const decision = (row: Approval) => {
    if (row.status !== 'awaiting') return null;
    if (row.maker === operator.username) return <>{t('ownRequest')}</>;
    if (!mayDo(operator.roles, APPROVAL_KINDS[row.kind])) return <>{t('notYourDecision')}</>;
    if (!row.may_decide) return <>{t('notYoursToDecide')}</>;
    const about = { id: row.id, kind: words.kind(row.kind) };
    return (
      <>
        <Button
          size="small"
          variant="primary"
          onClick={() =>
            void confirmed(t('approveConfirm', about))
              .then(() => decide(approvals.approve(row.id)))
              .catch(() => undefined)
          }
        >
          {t('approve')} #{row.id}
        </Button>
        <NoteAction
          label={common('reason')}
          action={`${t('decline')} #${row.id}`}
          run={(reason) => confirmed(t('declineConfirm', about)).then(() => decide(approvals.decline(row.id, reason)))}
        />
      </>
    );
  };
  return (
    <div className="ops-approvals">
      {handed && <EnrolmentHandOver enrolment={handed} zone={zone} onDone={() => setHanded(null)} />}
      <ListControls query={query} view={view} change={change} total={loaded.data?.total} zone={zone} days={false}>
        <label>
          <span>{common('status')} </span>
          <select value={shown} onChange={(event) => change({ status: event.currentTarget.value })}>
            {SHOWN.map((status) => (
              <option key={status} value={status}>
                {statusWord(status)}
              </option>
            ))}
          </select>
        </label>
      </ListControls>
      <LoadedTable
        loaded={loaded}
        caption={shown === 'awaiting' ? t('awaiting') : t('approvalsShown', { status: statusWord(shown) })}
        empty={shown === 'awaiting' ? t('noneAwaiting') : t('noneDecided')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={[
          { header: '#', cell: (row) => row.id, shape: 'code' },
          { header: t('kind'), cell: (row) => words.kind(row.kind) },
          { header: t('subject'), cell: (row) => <Subject approval={row} payee={mayDo(operator.roles, 'disburse')} /> },
          { header: common('bankRef'), cell: (row) => bankRefOf(row.payload) },
          {
            header: inZone(t('asked'), zone),
            cell: (row) => (
              <>
                {row.maker}
                <br />
                {shownTime(row.created_at, zone)} · {words.age(row.created_at)}
              </>
            ),
          },
          {
            header: inZone(common('status'), zone),
            cell: (row) => (
              <>
                {words.approvalStatus(row.status)}
                {row.checker && row.decided_at && (
                  <>
                    <br />
                    {row.checker} · {shownTime(row.decided_at, zone)}
                  </>
                )}
                {row.reason && (
                  <>
                    <br />
                    {t('declinedBecause', { reason: row.reason })}
                  </>
                )}
              </>
            ),
          },
          { header: common('actions'), cell: decision, shape: 'actions' },
        ]}
      />
    </div>
  );
}
