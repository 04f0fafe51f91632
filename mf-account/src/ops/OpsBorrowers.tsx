import { useState } from 'react';
import { ADMIN_ENDPOINTS, adminPath, type ApprovalAsked, type StaffBorrower } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { defineMessages } from '@instalment/contract/i18n';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { loanStatusLabel } from '@instalment/contract/loan';
import { inZone, shownTime } from '@instalment/contract/format';
import { DataTable, NoteAction, opsMessages, useOpsWords, type OpsPageProps } from '@instalment/ui/ops';
import { Button, Field } from '@instalment/ui/kit';

const messages = defineMessages({
  en: {
    find: 'Find',
    credit: 'Credit line {limit}, used {used}, available {available}',
    newLimit: 'New credit line (yuan)',
    askLimit: 'Ask to change the credit line',
    loans: 'Loans',
    proofs: 'Transfer proofs',
    payments: 'Payments',
    history: 'Staff actions',
    noLoans: 'No loans.',
    noProofs: 'No transfer proofs.',
    noPayments: 'No payments.',
    noHistory: 'No staff action on this borrower yet.',
  },
  'zh-CN': {
    find: '查找',
    credit: '授信额度 {limit}，已用 {used}，可用 {available}',
    newLimit: '新授信额度（元）',
    askLimit: '发起额度调整',
    loans: '借款',
    proofs: '转账凭证',
    payments: '还款',
    history: '后台操作记录',
    noLoans: '没有借款。',
    noProofs: '没有转账凭证。',
    noPayments: '没有还款记录。',
    noHistory: '这位借款人还没有员工操作。',
  },
});

/** Borrower support: an account by its phone, with its loans, payments, proofs and staff history. */
export default function OpsBorrowers({ operator }: OpsPageProps) {
  const zone = operator.business_timezone;
  const { http } = useHost();
  const t = useT(messages);
  const common = useT(opsMessages);
  const words = useOpsWords();
  const locale = useLocale();
  const [found, setFound] = useState<StaffBorrower | null>(null);
  const [error, setError] = useState<string | null>(null);
  const find = (mobile: string) => {
    setError(null);
    return http
      .get<StaffBorrower>(`${ADMIN_ENDPOINTS.users}?mobile=${encodeURIComponent(mobile)}`, undefined, { toast: false })
      .then(setFound, (failure: unknown) => {
        setFound(null);
        setError(failure instanceof ApiError ? failure.message : String(failure));
      });
  };
  return (
    <>
      <form
        className="ops-filter"
        onSubmit={(event) => {
          event.preventDefault();
          void find(String(new FormData(event.currentTarget).get('mobile') ?? '').trim());
        }}
      >
        <Field label={common('phone')} name="mobile" inputMode="tel" error={error} />
        <Button type="submit" variant="primary">
          {t('find')}
        </Button>
      </form>
      {found && (
        <section aria-label={found.user.mobile}>
          <h2>
            {found.user.real_name ?? found.user.nickname} · {found.user.mobile}
          </h2>
          <p>{t('credit', { limit: found.user.credit.limit, used: found.user.credit.used, available: found.user.credit.available })}</p>
          <NoteAction
            label={t('newLimit')}
            action={t('askLimit')}
            run={(limit) => http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.userCredit, { id: found.user.id }), { limit })}
          />
          <DataTable
            caption={t('loans')}
            empty={t('noLoans')}
            rows={found.loans}
            rowKey={(row) => row.order_no}
            columns={[
              { header: common('orderNo'), cell: (row) => <a href={`#/loans?order_no=${row.order_no}`}>{row.order_no}</a> },
              { header: common('amount'), cell: (row) => row.amount },
              { header: common('status'), cell: (row) => loanStatusLabel(row.status, locale) },
            ]}
          />
          <DataTable
            caption={t('proofs')}
            empty={t('noProofs')}
            rows={found.vouchers}
            rowKey={(row) => row.id}
            columns={[
              { header: '#', cell: (row) => row.id },
              { header: common('amount'), cell: (row) => row.amount },
              { header: common('status'), cell: (row) => words.voucherStatus(row.status) },
            ]}
          />
          <DataTable
            caption={t('payments')}
            empty={t('noPayments')}
            rows={found.payments}
            rowKey={(row) => row.payment_no}
            columns={[
              { header: common('orderNo'), cell: (row) => row.order_no },
              { header: common('amount'), cell: (row) => row.amount },
              { header: common('status'), cell: (row) => words.paymentState(row.state) },
            ]}
          />
          <DataTable
            caption={t('history')}
            empty={t('noHistory')}
            rows={found.audit}
            rowKey={(row) => row.id}
            columns={[
              { header: inZone(common('created'), zone), cell: (row) => shownTime(row.at, zone) },
              { header: common('actions'), cell: (row) => `${row.username}: ${words.action(row.action)} (${words.outcome(row.outcome)})` },
            ]}
          />
        </section>
      )}
    </>
  );
}
