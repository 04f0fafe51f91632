import { mayDo, type AuditEntry, type ConsoleInstalment, type ConsoleLoanView, type ConsoleProof } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { shownTime } from '@instalment/contract/format';
import { NoteAction, consoleMessages, Payee, useConsoleApi, useConsoleWords, type OperatorInfo } from '@instalment/ui/console';
import { Rows } from '@instalment/ui/kit';
import { consoleLoanMessages } from './messages';

/**
 * Where a loan's money went or is to go: when it was sent and the bank's reference; the
 * disbursement asked for, waiting for a second operator or declined with the checker's reason;
 * for finance, the full payee account and, while the loan waits for its money, the ask itself.
 */
export function Disbursement({ loan, operator, onAsked }: { loan: ConsoleLoanView; operator: OperatorInfo; onAsked: () => Promise<void> }) {
  const zone = operator.business_timezone;
  const { loans } = useConsoleApi();
  const t = useT(consoleLoanMessages);
  const common = useT(consoleMessages);
  const ask = loan.disbursement_ask;
  const finance = mayDo(operator.roles, 'disburse');
  const disburse = (bank_ref: string) =>
    loans.askDisbursement(loan.order_no, bank_ref).then(async (asked) => {
      await onAsked();
      return asked;
    });
  return (
    <>
      <Rows
        rows={[
          [t('disbursedAt', { zone }), loan.disbursed_at ? shownTime(loan.disbursed_at, zone) : t('notDisbursed')],
          [common('bankRef'), loan.disbursement_ref ?? '—'],
        ]}
      />
      {ask?.status === 'awaiting' && <p role="status">{t('disbursementWaiting', { maker: ask.maker, id: ask.id })}</p>}
      {ask?.status === 'declined' && (
        <p role="status">
          {t('disbursementDeclined', {
            checker: ask.checker ?? '',
            at: ask.decided_at ? shownTime(ask.decided_at, zone) : '',
            reason: ask.reason ?? t('noReason'),
          })}
        </p>
      )}
      {finance && <Payee orderNo={loan.order_no} />}
      {finance && loan.status === 'approved' && ask?.status !== 'awaiting' && (
        <NoteAction label={common('bankRef')} action={`${t('disburse')} ${loan.order_no}`} run={disburse} />
      )}
    </>
  );
}

/** How an instalment was paid, in words: the cashier and its channel, a payoff, a proof, an applied difference. */
export function usePaidHow() {
  const t = useT(consoleLoanMessages);
  const words = useConsoleWords();
  return ({ paid_how: how }: ConsoleInstalment): string => {
    if (!how) return '';
    const channel = how.channel ? words.channel(how.channel) : '—';
    switch (how.by) {
      case 'cashier':
        return t('paid_cashier', { channel });
      case 'payoff':
        return t('paid_payoff', { channel });
      case 'proof':
        return t('paid_proof', { id: how.voucher_id ?? '' });
      case 'difference':
        return t('paid_difference', { payment_no: how.payment_no ?? '' });
    }
  };
}

/** Who decided a proof and, when it was rejected, why: what the borrower was told. */
export function useProofDecision() {
  const t = useT(consoleLoanMessages);
  return (proof: ConsoleProof): string => {
    if (proof.status === 'rejected')
      return t('proofRejected', { by: proof.decided_by ?? '—', reason: proof.reject_reason ?? t('noReason') });
    if (proof.status === 'approved') return t('proofConfirmed', { by: proof.decided_by ?? '—' });
    return '';
  };
}

/**
 * A history row's action in words, with what it ended in and why (a refusal's, a decline's or a
 * proof rejection's reason: what the next operator needs to know), and which proof it was about
 * when it was not the loan itself.
 */
export function useHistoryAction() {
  const t = useT(consoleLoanMessages);
  const words = useConsoleWords();
  return (row: AuditEntry): string => {
    const proof = /^voucher:(\d+)$/.exec(row.target);
    const about = proof ? ` · ${t('aboutProof', { id: proof[1] })}` : '';
    return `${words.action(row.action)}${about} (${words.outcome(row.outcome)})${row.reason ? `: ${row.reason}` : ''}`;
  };
}
