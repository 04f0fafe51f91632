import { useState } from 'react';
import { mayAct, mayDo, type AutopayEvent, type AutopayState, type BorrowerMatches, type ConsoleBorrower } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { commonMessages, defineMessages } from '@instalment/contract/i18n';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { loanStatusLabel } from '@instalment/contract/loan';
import { formatMoney, inZone, shownDay, shownTime } from '@instalment/contract/format';
import {
  Acts,
  DataTable,
  NoteAction,
  consoleMessages,
  consoleScreen,
  useConsoleApi,
  useConsoleWords,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { Button, Field, Loadable, useLoad } from '@instalment/ui/kit';

const messages = defineMessages({
  en: {
    search: 'Name, phone, last digits of a phone or ID number, or order number',
    find: 'Find',
    matches: 'Borrowers found',
    noMatches: 'No borrower matches this search.',
    more: 'More borrowers match: type more of the name or number to narrow the list.',
    open: 'Open {name}',
    name: 'Name',
    idCard: 'ID number',
    noIdCard: 'None yet',
    loanCount: 'Loans',
    account: 'Account',
    accountOpen: 'Open',
    accountClosedOn: 'Closed on {date}',
    closed: 'The borrower closed this account on {date}: its loans and credit line are read-only.',
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
    autopay: 'Autopay',
    autopayState_none: 'Autopay: not signed',
    autopayState_pending: 'Autopay: waiting for the borrower to sign at Alipay',
    autopayState_active: 'Autopay: on',
    autopayState_ended: 'Autopay: ended',
    autopayState_failed: 'Autopay: never signed',
    autopayPaused: 'Autopay: signed, paused by finance — nothing is charged until it is resumed',
    autopayHistory: 'Autopay history',
    noAutopayHistory: 'No autopay agreement yet.',
    autopayEvent_pending: 'Asked to sign',
    autopayEvent_active: 'Signed at Alipay',
    autopayEvent_failed: 'Not signed',
    autopayEvent_ended: 'Ended',
    autopayEvent_paused: 'Paused',
    autopayEvent_resumed: 'Resumed',
    autopayBy: 'By',
    autopayByBorrower: 'The borrower or Alipay',
    pauseAutopay: 'Pause autopay',
    resumeAutopay: 'Resume autopay',
    pauseAutopayConfirm: 'Pause autopay for {name}? Their due amounts are not charged until autopay is resumed.',
    resumeAutopayConfirm: 'Resume autopay for {name}? Their due amounts are charged again at the next charge hour.',
  },
  'zh-CN': {
    search: '姓名、手机号、手机号或身份证号后几位，或借款单号',
    find: '查找',
    matches: '查到的借款人',
    noMatches: '没有符合条件的借款人。',
    more: '还有更多借款人符合条件：请多输入几位姓名或号码以缩小范围。',
    open: '打开 {name}',
    name: '姓名',
    idCard: '身份证号',
    noIdCard: '尚未提交',
    loanCount: '借款数',
    account: '账户',
    accountOpen: '正常',
    accountClosedOn: '已于 {date} 注销',
    closed: '借款人已于 {date} 注销此账户，其借款和授信额度只读。',
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
    autopay: '自动还款',
    autopayState_none: '自动还款：未签约',
    autopayState_pending: '自动还款：等待借款人在支付宝签约',
    autopayState_active: '自动还款：已开通',
    autopayState_ended: '自动还款：已解约',
    autopayState_failed: '自动还款：签约未完成',
    autopayPaused: '自动还款：已签约，财务已暂停，恢复前不会扣款',
    autopayHistory: '自动还款记录',
    noAutopayHistory: '还没有自动还款协议。',
    autopayEvent_pending: '发起签约',
    autopayEvent_active: '支付宝签约成功',
    autopayEvent_failed: '未完成签约',
    autopayEvent_ended: '已解约',
    autopayEvent_paused: '已暂停',
    autopayEvent_resumed: '已恢复',
    autopayBy: '操作人',
    autopayByBorrower: '借款人或支付宝',
    pauseAutopay: '暂停自动还款',
    resumeAutopay: '恢复自动还款',
    pauseAutopayConfirm: '暂停 {name} 的自动还款？恢复前不会自动扣款。',
    resumeAutopayConfirm: '恢复 {name} 的自动还款？将在下一个扣款时点重新扣款。',
  },
});

/**
 * The borrower's autopay agreement and its history, for support to answer "why was I (not)
 * charged?"; finance pauses or resumes it here after confirming (the server refuses anyone else).
 */
function AutopayAgreement({ userId, name, operator }: { userId: number; name: string } & Pick<ConsolePageProps, 'operator'>) {
  const zone = operator.business_timezone;
  const { ui } = useHost();
  const { borrowers } = useConsoleApi();
  const t = useT(messages);
  const common = useT(consoleMessages);
  const shared = useT(commonMessages);
  const loaded = useLoad(() => borrowers.autopay(userId), [borrowers, userId]);
  const stateOf = (state: AutopayState) => t(`autopayState_${state}`);
  const eventOf = (event: AutopayEvent) => t(`autopayEvent_${event}`);
  const toggle = async (paused: boolean) => {
    const sure = await ui.confirm(t(paused ? 'pauseAutopayConfirm' : 'resumeAutopayConfirm', { name }), {
      confirmText: t(paused ? 'pauseAutopay' : 'resumeAutopay'),
      cancelText: shared('cancel'),
    });
    if (!sure) return;
    // A refusal is toasted by the HTTP client; the agreement stays as it was shown.
    await borrowers.setAutopayPaused(userId, paused).then(loaded.reload, () => undefined);
  };
  return (
    <Loadable loaded={loaded}>
      {(agreement) => (
        <section aria-label={t('autopay')}>
          <p>{agreement.paused ? t('autopayPaused') : stateOf(agreement.state)}</p>
          {mayAct(operator.roles, 'reconcile') && (agreement.paused || agreement.state === 'active') && (
            <Acts>
              <Button onClick={() => void toggle(!agreement.paused)}>{t(agreement.paused ? 'resumeAutopay' : 'pauseAutopay')}</Button>
            </Acts>
          )}
          <DataTable
            caption={t('autopayHistory')}
            empty={t('noAutopayHistory')}
            rows={agreement.history}
            rowKey={(row) => `${row.at}-${row.event}`}
            columns={[
              { header: inZone(common('created'), zone), cell: (row) => shownTime(row.at, zone) },
              { header: common('status'), cell: (row) => eventOf(row.event) },
              { header: t('autopayBy'), cell: (row) => row.operator ?? t('autopayByBorrower') },
            ]}
          />
        </section>
      )}
    </Loadable>
  );
}

/**
 * Borrower support: borrowers found by name, phone (or its last digits), the tail of their ID
 * number or an order number — with or without a loan — one picked from the matches (or the only
 * one, opened at once) with their loans, payments, proofs and staff history. A closed account is
 * shown closed and read-only; the credit line's change is offered only to roles that may ask it.
 * Their autopay agreement and its history show under the loans.
 */
function ConsoleBorrowers({ operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { borrowers } = useConsoleApi();
  const t = useT(messages);
  const common = useT(consoleMessages);
  const words = useConsoleWords();
  const locale = useLocale();
  const [matches, setMatches] = useState<BorrowerMatches | null>(null);
  const [found, setFound] = useState<ConsoleBorrower | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refused = (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure));
  const open = (id: number) => borrowers.one(id, { toast: false }).then(setFound, refused);
  const find = (query: string) => {
    setError(null);
    setFound(null);
    return borrowers.search(query, { toast: false }).then(
      (answer) => {
        setMatches(answer);
        if (answer.list.length === 1) return open(answer.list[0].id);
      },
      (failure: unknown) => {
        setMatches(null);
        refused(failure);
      },
    );
  };
  const closedAt = found?.user.closed_at ?? null;
  return (
    <>
      <form
        className="ops-filter"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void find(String(new FormData(event.currentTarget).get('q') ?? '').trim());
        }}
      >
        <Field label={t('search')} name="q" type="search" error={error} />
        <Button type="submit" variant="primary">
          {t('find')}
        </Button>
      </form>
      {matches && matches.list.length !== 1 && (
        <>
          <DataTable
            caption={t('matches')}
            empty={t('noMatches')}
            rows={matches.list}
            rowKey={(row) => row.id}
            columns={[
              {
                header: t('name'),
                cell: (row) => (
                  <Button size="small" aria-label={t('open', { name: row.name })} onClick={() => void open(row.id)}>
                    {row.name}
                  </Button>
                ),
              },
              { header: common('phone'), cell: (row) => row.mobile },
              { header: t('idCard'), cell: (row) => row.id_card ?? t('noIdCard') },
              { header: t('loanCount'), cell: (row) => row.loans },
              {
                header: t('account'),
                cell: (row) => (row.closed_at ? t('accountClosedOn', { date: shownDay(row.closed_at, zone) }) : t('accountOpen')),
              },
            ]}
          />
          {matches.more && <p>{t('more')}</p>}
        </>
      )}
      {found && (
        <section aria-label={found.user.mobile}>
          <h2>
            {found.user.real_name ?? found.user.nickname} · {found.user.mobile}
          </h2>
          {closedAt && <p role="status">{t('closed', { date: shownDay(closedAt, zone) })}</p>}
          <p>
            {t('credit', {
              limit: formatMoney(found.user.credit.limit),
              used: formatMoney(found.user.credit.used),
              available: formatMoney(found.user.credit.available),
            })}
          </p>
          {!closedAt && mayDo(operator.roles, 'credit') && (
            <NoteAction label={t('newLimit')} action={t('askLimit')} run={(limit) => borrowers.askCreditLimit(found.user.id, limit)} />
          )}
          <DataTable
            caption={t('loans')}
            empty={t('noLoans')}
            rows={found.loans}
            rowKey={(row) => row.order_no}
            columns={[
              { header: common('orderNo'), cell: (row) => <a href={`#/loans?order_no=${row.order_no}`}>{row.order_no}</a> },
              { header: common('amount'), amount: (row) => row.amount },
              { header: common('status'), cell: (row) => loanStatusLabel(row.status, locale) },
            ]}
          />
          <AutopayAgreement
            key={found.user.id}
            userId={found.user.id}
            name={found.user.real_name ?? found.user.nickname}
            operator={operator}
          />
          <DataTable
            caption={t('proofs')}
            empty={t('noProofs')}
            rows={found.vouchers}
            rowKey={(row) => row.id}
            columns={[
              { header: '#', cell: (row) => row.id },
              { header: common('amount'), amount: (row) => row.amount },
              { header: common('status'), cell: (row) => words.proofStatus(row.status) },
            ]}
          />
          <DataTable
            caption={t('payments')}
            empty={t('noPayments')}
            rows={found.payments}
            rowKey={(row) => row.payment_no}
            columns={[
              { header: common('orderNo'), cell: (row) => row.order_no },
              { header: common('amount'), amount: (row) => row.amount },
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

export default consoleScreen(ConsoleBorrowers);
