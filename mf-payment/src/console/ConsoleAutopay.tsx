import { useState } from 'react';
import { mayAct, type AutopayChargeState, type AutopayRun, type AutopayRunCharge } from '@instalment/contract/api';
import { formatMoney, inZone, shownTime } from '@instalment/contract/format';
import { calendarDate } from '@instalment/contract/loan';
import { commonMessages, defineMessages, type Translate } from '@instalment/contract/i18n';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Acts, DataTable, consoleMessages, consoleScreen, Stacked, useConsoleApi, type ConsolePageProps } from '@instalment/ui/console';
import { Button, Loadable, useLoad } from '@instalment/ui/kit';
import styles from './ConsoleAutopay.module.css';

const messages = defineMessages({
  en: {
    day: 'Day',
    figures: 'Autopay run, {date}',
    due: 'Due from signed borrowers',
    paused: 'Paused by finance, not charged',
    charged: 'Charged',
    failed: 'Failed',
    pending: 'In flight',
    refused: 'Refused by a limit',
    tally: '{amount} · {n}',
    charges: 'Charges made on {date}',
    noCharges: 'No charge was made this day.',
    attempt: 'Attempt {n}',
    dueDate: 'Due date',
    time: 'Time',
    state_charging: 'In flight',
    state_paid: 'Charged',
    state_failed: 'Failed',
    state_refused: 'Not charged',
    reason_balance: 'Not enough money in the borrower’s Alipay',
    reason_agreement: 'The agreement ended at Alipay',
    reason_charge_cap: 'Above the most one charge may take',
    reason_monthly_cap: 'Would pass this month’s limit of the agreement',
    reason_unknown: 'Alipay never answered: the charge was closed',
    reason_gateway: 'Paid in the books though Alipay said it failed: check it with Alipay',
    reason_other: 'Alipay refused it ({code})',
    pause: 'Pause autopay',
    resume: 'Resume autopay',
    pauseConfirm: 'Pause autopay for {name} ({phone})? Their due amounts are not charged until autopay is resumed.',
    resumeConfirm: 'Resume autopay for {name} ({phone})? Their due amounts are charged again at the next charge hour.',
    pausedNow: 'Autopay paused',
  },
  'zh-CN': {
    day: '日期',
    figures: '自动扣款，{date}',
    due: '已签约借款人当日应还',
    paused: '财务已暂停，未扣款',
    charged: '扣款成功',
    failed: '扣款失败',
    pending: '扣款中',
    refused: '超限未扣',
    tally: '{amount} · {n} 笔',
    charges: '{date} 的扣款',
    noCharges: '当日没有扣款。',
    attempt: '第 {n} 次',
    dueDate: '应还日',
    time: '时间',
    state_charging: '扣款中',
    state_paid: '扣款成功',
    state_failed: '扣款失败',
    state_refused: '未扣款',
    reason_balance: '借款人支付宝余额不足',
    reason_agreement: '支付宝代扣协议已失效',
    reason_charge_cap: '超过单笔扣款上限',
    reason_monthly_cap: '将超过该协议本月扣款上限',
    reason_unknown: '支付宝未应答，扣款已关闭',
    reason_gateway: '账上已入账但支付宝称扣款失败，请与支付宝核对',
    reason_other: '支付宝拒绝扣款（{code}）',
    pause: '暂停自动还款',
    resume: '恢复自动还款',
    pauseConfirm: '暂停 {name}（{phone}）的自动还款？恢复前不会自动扣款。',
    resumeConfirm: '恢复 {name}（{phone}）的自动还款？将在下一个扣款时点重新扣款。',
    pausedNow: '自动还款已暂停',
  },
});

/** Why a charge failed or was not made, in words; an Alipay code it does not know, as Alipay's. */
function reasonIn(reason: string | null, t: Translate<keyof (typeof messages)['en']>): string {
  if (reason === null) return '';
  if (reason === 'balance' || reason === 'agreement' || reason === 'charge_cap' || reason === 'monthly_cap' || reason === 'unknown')
    return t(`reason_${reason}`);
  if (reason.startsWith('gateway_')) return t('reason_gateway');
  return t('reason_other', { code: reason });
}

const FIGURES = ['due', 'paused', 'charged', 'failed', 'pending', 'refused'] as const;

/**
 * The due-date run of a business day (today first, on the lender's calendar): what fell due from
 * borrowers with an agreement, what finance paused, what was charged, failed, is in flight or was
 * refused by a limit; then each charge made that day with its reason in words. Finance pauses or
 * resumes a borrower's autopay from their charge (after confirming); support and reviewers read
 * the screen to answer borrowers, the auditor reads it; nobody charges by hand here.
 */
function ConsoleAutopay({ operator }: ConsolePageProps) {
  const zone = operator.business_timezone;
  const { ui } = useHost();
  const { payments, borrowers } = useConsoleApi();
  const t = useT(messages);
  const common = useT(consoleMessages);
  const shared = useT(commonMessages);
  const today = calendarDate(Date.now(), zone);
  const [date, setDate] = useState(today);
  const loaded = useLoad(() => payments.autopayRun(date), [payments, date]);
  const state = (value: AutopayChargeState) => t(`state_${value}`);
  // Support and reviewers read the run to answer borrowers; pausing is finance's (the server refuses anyone else).
  const pauses = mayAct(operator.roles, 'reconcile');

  const toggle = async (row: AutopayRunCharge) => {
    const pausing = !row.paused;
    const sure = await ui.confirm(t(pausing ? 'pauseConfirm' : 'resumeConfirm', { name: row.borrower, phone: row.mobile }), {
      confirmText: t(pausing ? 'pause' : 'resume'),
      cancelText: shared('cancel'),
    });
    if (!sure) return;
    // A refusal is toasted by the HTTP client; the list stays as it was.
    await borrowers.setAutopayPaused(row.user_id, pausing).then(loaded.reload, () => undefined);
  };

  return (
    <>
      <form className="ops-filter" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span>{inZone(t('day'), zone)} </span>
          <input
            type="date"
            value={date}
            max={today}
            required
            onChange={(event) => event.currentTarget.value && setDate(event.currentTarget.value)}
          />
        </label>
      </form>
      <Loadable loaded={loaded}>
        {(run: AutopayRun) => (
          <>
            <section aria-labelledby="autopay-figures">
              <h2 id="autopay-figures">{inZone(t('figures', { date: run.date }), zone)}</h2>
              <dl className={styles.figures}>
                {FIGURES.map((figure) => (
                  <div key={figure}>
                    <dt>{t(figure)}</dt>
                    <dd>{t('tally', { amount: formatMoney(run[figure].amount), n: run[figure].count })}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <DataTable
              caption={inZone(t('charges', { date: run.date }), zone)}
              empty={t('noCharges')}
              rows={run.charges}
              rowKey={(row) => `${row.order_no}-${row.due_date}-${row.attempt}`}
              detailLabel={(row) => common('detailsOf', { row: `${row.order_no} · ${t('attempt', { n: row.attempt })}` })}
              columns={[
                { header: common('borrower'), cell: (row) => <Stacked first={row.borrower} second={row.mobile} /> },
                { header: common('orderNo'), cell: (row) => <Stacked first={row.order_no} second={t('attempt', { n: row.attempt })} /> },
                { header: common('amount'), amount: (row) => row.amount },
                {
                  header: common('status'),
                  cell: (row) => <Stacked first={state(row.state)} second={row.paused ? t('pausedNow') : ''} />,
                },
                { header: common('reason'), cell: (row) => <div className={styles.reason}>{reasonIn(row.reason, t)}</div> },
                { header: t('dueDate'), shape: 'code', cell: (row) => row.due_date, detail: true },
                // When it was charged is read in the details: the reason keeps its width at 1,280 px.
                { header: inZone(t('time'), zone), shape: 'code', cell: (row) => shownTime(row.at, zone), detail: true },
                {
                  header: common('actions'),
                  shape: 'actions',
                  cell: (row) =>
                    pauses && (
                      <Acts>
                        <Button size="small" onClick={() => void toggle(row)}>
                          {t(row.paused ? 'resume' : 'pause')}
                        </Button>
                      </Acts>
                    ),
                },
              ]}
            />
          </>
        )}
      </Loadable>
    </>
  );
}

export default consoleScreen(ConsoleAutopay);
