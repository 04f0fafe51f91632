import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { mayDo, REJECT_REASON_CODES, REJECTION_WORDS_MAX, type RejectReasonCode } from '@instalment/contract/api';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { formatRate, loanMessages, loanStatusLabel, rejectReasonLabel, rejectionText } from '@instalment/contract/loan';
import { formatMoney, inZone, shownDay, shownTime } from '@instalment/contract/format';
import { DataTable, consoleMessages, useConsoleApi, useConsoleWords, type OperatorInfo } from '@instalment/ui/console';
import { BORROWER_AGE } from '@instalment/contract/validation';
import { Button, Loadable, Rows, Select, TextArea, useLoad } from '@instalment/ui/kit';
import { consoleLoanMessages } from './messages';
import { Disbursement, useHistoryAction, usePaidHow, useProofDecision } from './LoanMoney';

/** A titled part of the view: a screen reader lists it by its heading. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** The picklist and the reviewer's words; the server says what is missing, and nothing typed is lost. */
function RejectForm({ orderNo, onDecided }: { orderNo: string; onDecided: () => Promise<void> }) {
  const { ui } = useHost();
  const { loans } = useConsoleApi();
  const t = useT(consoleLoanMessages);
  const common = useT(consoleMessages);
  const locale = useLocale();
  const [code, setCode] = useState<RejectReasonCode | ''>('');
  const [words, setWords] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code === '') return;
    const body = { reason_code: code, ...(words.trim() ? { reason: words } : {}) };
    loans.reject(orderNo, body).then(
      async () => {
        ui.toast(common('done'), 'success');
        await onDecided();
      },
      () => undefined,
    );
  };
  return (
    <form aria-label={t('rejectForm', { order_no: orderNo })} onSubmit={submit}>
      <Select
        label={t('rejectReason')}
        placeholder={t('pickReason')}
        required
        value={code}
        onChange={(event) => setCode(event.target.value as RejectReasonCode | '')}
        options={REJECT_REASON_CODES.map((value) => ({ value, label: rejectReasonLabel(value, locale) }))}
      />
      <TextArea
        label={t('rejectWords')}
        maxLength={REJECTION_WORDS_MAX}
        required={code === 'other'}
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
      <Button type="submit" disabled={code === ''}>
        {t('reject')}
      </Button>
    </form>
  );
}

/**
 * The underwriting view of one application: who applied (masked), what they asked for at which
 * price, their bank card, credit line, earlier loans and consents, and the reviewer's decision;
 * every time in the business zone.
 */
export function Underwriting({ orderNo, operator }: { orderNo: string; operator: OperatorInfo }) {
  const zone = operator.business_timezone;
  const { navigate, ui } = useHost();
  const { loans } = useConsoleApi();
  const t = useT(consoleLoanMessages);
  const common = useT(consoleMessages);
  const loan = useT(loanMessages);
  const words = useConsoleWords();
  const locale = useLocale();
  const paidHow = usePaidHow();
  const proofDecision = useProofDecision();
  const historyAction = useHistoryAction();
  const loaded = useLoad(() => loans.view(orderNo), [loans, orderNo]);
  const approve = () =>
    loans.approve(orderNo).then(
      async () => {
        ui.toast(common('done'), 'success');
        await loaded.reload();
      },
      () => undefined,
    );
  return (
    <section aria-label={t('loan', { order_no: orderNo })}>
      <Button size="small" onClick={() => navigate('/loans')}>
        {t('back')}
      </Button>
      <h2>{t('loan', { order_no: orderNo })}</h2>
      <Loadable loaded={loaded}>
        {(data) => {
          const { identity, credit } = data;
          const ages = { age: identity.age ?? '', ...BORROWER_AGE };
          const rejection = rejectionText(data.reject_code, data.reject_reason, locale);
          // A closed account's loan is a record kept for the retention period: no action is offered on it.
          const readOnly = data.account_closed_at !== null;
          return (
            <>
              {readOnly && <p role="status">{t('accountClosed', { date: shownDay(data.account_closed_at, zone) })}</p>}
              <Part title={t('identity')}>
                <Rows
                  rows={[
                    [t('realName'), identity.real_name],
                    [t('idCard'), identity.id_card],
                    [t('age'), identity.age === null ? t('ageUnknown') : t(identity.age_allowed ? 'ageWithin' : 'ageOutside', ages)],
                    [t('nameCheck'), t(identity.matches_account ? 'nameMatches' : 'nameDiffers')],
                    [common('phone'), data.mobile],
                  ]}
                />
              </Part>
              <Part title={t('application')}>
                <Rows
                  rows={[
                    [common('status'), loanStatusLabel(data.status, locale)],
                    [t('purpose'), loan(`purpose_${data.purpose}`)],
                    [common('amount'), formatMoney(data.amount)],
                    [t('term'), t('months', { n: data.term })],
                    [t('applied', { zone }), shownTime(data.created_at, zone)],
                  ]}
                />
              </Part>
              <Part title={t('priceAndApr')}>
                <Rows
                  rows={[
                    [t('monthlyRate'), formatRate(data.monthly_rate_bp)],
                    [t('monthlyFee'), formatRate(data.monthly_fee_bp)],
                    [t('aprShown'), formatRate(data.apr_bp)],
                  ]}
                />
              </Part>
              <Part title={t('bankCard')}>
                <Rows
                  rows={[
                    [t('bank'), data.bank_name],
                    [t('card'), data.bank_card],
                  ]}
                />
              </Part>
              {/* A rejected application sends no money: nothing to show or ask for. */}
              {data.status !== 'rejected' && (
                <Part title={t('disbursement')}>
                  <Disbursement loan={data} operator={operator} onAsked={loaded.reload} />
                </Part>
              )}
              <Part title={t('creditLine')}>
                <Rows
                  rows={[
                    [t('creditLimit'), formatMoney(credit.limit)],
                    [t('creditUsed'), formatMoney(credit.used)],
                    [t('creditAvailable'), formatMoney(credit.available)],
                    [t('creditBlocked'), credit.blocked === 'overdue' ? t('blockedOverdue') : t('notBlocked')],
                  ]}
                />
              </Part>
              <Part title={t('earlierLoans')}>
                <DataTable
                  caption={t('earlierLoans')}
                  empty={t('noEarlierLoans')}
                  rows={data.earlier_loans}
                  rowKey={(row) => row.order_no}
                  columns={[
                    { header: common('orderNo'), cell: (row) => row.order_no },
                    { header: inZone(common('created'), zone), cell: (row) => shownDay(row.created_at, zone) },
                    { header: common('amount'), cell: (row) => `${formatMoney(row.amount)} / ${t('months', { n: row.term })}` },
                    { header: common('status'), cell: (row) => loanStatusLabel(row.status, locale) },
                    { header: t('paidOnTime'), cell: (row) => row.paid_on_time },
                    { header: t('paidLate'), cell: (row) => row.paid_late },
                    { header: t('worstOverdue'), cell: (row) => row.worst_overdue_days },
                  ]}
                />
              </Part>
              <Part title={t('instalments')}>
                <DataTable
                  caption={t('instalments')}
                  empty={t('noInstalments')}
                  rows={data.instalments}
                  rowKey={(row) => row.period}
                  columns={[
                    { header: t('period'), cell: (row) => row.period },
                    { header: t('due'), cell: (row) => row.due_date },
                    { header: t('total'), amount: (row) => row.total },
                    { header: t('penalty'), amount: (row) => row.penalty },
                    { header: common('status'), cell: (row) => words.instalmentStatus(row.status) },
                    { header: t('paidAt', { zone }), cell: (row) => (row.paid_at ? shownTime(row.paid_at, zone) : '') },
                    { header: t('paidHow'), cell: paidHow },
                  ]}
                />
              </Part>
              <Part title={t('proofs')}>
                <DataTable
                  caption={t('proofs')}
                  empty={t('noProofs')}
                  rows={data.vouchers}
                  rowKey={(row) => row.id}
                  columns={[
                    { header: '#', cell: (row) => row.id },
                    { header: inZone(common('created'), zone), cell: (row) => shownTime(row.created_at, zone) },
                    { header: common('amount'), amount: (row) => row.amount },
                    { header: common('status'), cell: (row) => words.proofStatus(row.status) },
                    { header: t('decision'), cell: proofDecision },
                  ]}
                />
              </Part>
              <Part title={t('consents')}>
                <DataTable
                  caption={t('consents')}
                  empty={t('noConsents')}
                  rows={data.consents}
                  rowKey={(row) => `${row.document}:${row.version}`}
                  columns={[
                    { header: t('document'), cell: (row) => t(`document_${row.document}`) },
                    { header: t('version'), cell: (row) => row.version },
                    { header: inZone(common('created'), zone), cell: (row) => shownTime(row.agreed_at, zone) },
                    { header: t('agreedFrom'), cell: (row) => row.address },
                  ]}
                />
              </Part>
              <Part title={t('consoleActions')}>
                {rejection && <p>{t('borrowerReads', { reason: rejection })}</p>}
                {!readOnly && data.status === 'pending' && mayDo(operator.roles, 'review') && (
                  <>
                    <Button variant="primary" onClick={() => void approve()}>
                      {t('approve')} {orderNo}
                    </Button>
                    <RejectForm orderNo={orderNo} onDecided={loaded.reload} />
                  </>
                )}
                <DataTable
                  caption={t('history')}
                  empty={t('noConsoleActions')}
                  rows={data.audit}
                  rowKey={(row) => row.id}
                  columns={[
                    { header: inZone(common('created'), zone), cell: (row) => shownTime(row.at, zone) },
                    { header: t('operator'), cell: (row) => row.username },
                    { header: t('action'), cell: historyAction },
                  ]}
                />
              </Part>
            </>
          );
        }}
      </Loadable>
    </section>
  );
}
