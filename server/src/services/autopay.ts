import { randomBytes } from 'node:crypto';
import {
  AUTOPAY_TERMS_VERSION,
  mayDo,
  type Autopay,
  type AutopayCharge,
  type AutopayRun,
  type OperatorRole,
  type ConsoleAutopay,
} from '@instalment/contract/api';
import { maskName, maskPhone, zonedMidnight } from '@instalment/contract/format';
import { addDays, formatPeriods, fromFen } from '@instalment/contract/loan';
import { iso, type Context } from '../runtime/context';
import { isUniqueViolation, type Store } from '../db/store';
import type { GatewayAgreement } from '../providers/gateway';
import { AutopayRecords, type ChargeCandidate, type ChargeRow } from '../repositories/autopay';
import { PaymentRecords } from '../repositories/payments';
import { businessDay, dayRange } from './business-time';
import type { Change } from './change';
import { Ledger } from './ledger';
import type { LoanService } from './loans';
import type { Operator } from './operators';
import { PAYMENT_TTL_MS, type PaymentService } from './payments';
import { Refusal, refusedAs, sentenceOf } from './refusals';
import type { ReminderService } from './reminders';
import { userTarget } from './targets';

const HOUR_MS = 3600 * 1000;
/** A charge is made on its due date and, when it fails, tried again the day after: this many days in all. */
const CHARGE_DAYS = 2;
/** A charge whose outcome is still unknown this long after it was made is closed at the gateway. */
const CANCEL_AFTER_MS = 15 * 60 * 1000;
/** A sign request Alipay still knows nothing of after this was never signed. */
const SIGN_WINDOW_MS = 24 * HOUR_MS;
/** How many charges the borrower's view lists. */
const LATEST_CHARGES = 10;

/** What a run decided for one loan: charged (or its money asked for), or nothing to do now. */
type LoanOutcome = 'charged' | 'none';

/** A charge as the borrower and staff read it. */
const chargeView = (charge: ChargeRow & { order_no: string }): AutopayCharge => ({
  order_no: charge.order_no,
  due_date: charge.due_date,
  attempt: charge.attempt,
  amount: fromFen(charge.amount_fen),
  state: charge.state,
  reason: charge.reason,
  at: iso(charge.decided_at ?? charge.created_at),
});

/** How many and how much, as a report shows it. */
const tallyOf = (fens: readonly number[]) => ({ count: fens.length, amount: fromFen(fens.reduce((sum, fen) => sum + fen, 0)) });

/**
 * Automatic repayment through a withholding agreement. The borrower signs once; on each due
 * date the due amount of each of their loans (overdue instalments with it, penalty as of today)
 * is priced by the ledger and charged on the agreement, then settled by the cashier's own path
 * (`PaymentService.arrived`): a charge is an ordinary payment whose number is the charge's
 * `out_trade_no`. The database holds "charged once": a charge is numbered per loan, due date and
 * attempt, and no attempt starts while another is in flight or after one was paid.
 */
export class AutopayService {
  private readonly records: AutopayRecords;

  constructor(
    private readonly ctx: Context,
    private readonly loans: LoanService,
    private readonly ledger: Ledger,
    private readonly payments: PaymentService,
    private readonly reminders: ReminderService,
  ) {
    this.records = new AutopayRecords(ctx.store);
  }

  private get settings() {
    return this.ctx.config.autopay;
  }

  private get gateway() {
    return this.payments.gateway.agreements;
  }

  /** The borrower's agreement; one still pending is asked about first (the borrower is back before the notify). */
  async view(userId: number): Promise<Autopay> {
    let agreement = await this.records.ofUser(userId);
    if (agreement?.state === 'pending') {
      const found = await this.gateway.agreement(agreement.external_agreement_no);
      if (found) await this.record(found);
      agreement = await this.records.ofUser(userId);
    }
    const charges = agreement ? await this.records.latestOf(agreement.id, LATEST_CHARGES) : [];
    return {
      offered: this.settings.enabled,
      state: agreement?.state ?? 'none',
      paused: agreement?.state === 'active' && agreement.paused_at !== null,
      terms_version: agreement?.consent_version ?? AUTOPAY_TERMS_VERSION,
      signed_at: agreement?.signed_at == null ? null : iso(agreement.signed_at),
      ended_at: agreement?.ended_at == null ? null : iso(agreement.ended_at),
      hours: [...this.settings.hours],
      time_zone: this.ctx.config.businessTimezone,
      charge_cap: fromFen(this.settings.chargeCapFen),
      monthly_cap: fromFen(this.settings.monthlyCapFen),
      charges: charges.map(chargeView),
    };
  }

  /** The console: a borrower's agreement, its history and latest charges, as staff read them (`records`: in a write's transaction). */
  async consoleView(userId: number, records = this.records): Promise<ConsoleAutopay> {
    const agreement = await records.ofUser(userId);
    if (!agreement) return { state: 'none', paused: false, signed_at: null, ended_at: null, history: [], charges: [] };
    const [history, charges] = await Promise.all([records.history(agreement.id), records.latestOf(agreement.id, LATEST_CHARGES)]);
    return {
      state: agreement.state,
      paused: agreement.paused_at !== null,
      signed_at: agreement.signed_at == null ? null : iso(agreement.signed_at),
      ended_at: agreement.ended_at == null ? null : iso(agreement.ended_at),
      history: history.map((entry) => ({ event: entry.event, at: iso(entry.at), operator: entry.operator })),
      charges: charges.map(chargeView),
    };
  }

  /**
   * Finance stops (`paused`) or restarts a borrower's automatic charges: the agreement stays
   * signed at Alipay and the due-date run skips it until it is resumed. Never a charge by hand.
   */
  async setPaused(tx: Store, userId: number, paused: boolean, operator: Operator): Promise<Change<ConsoleAutopay>> {
    const records = new AutopayRecords(tx);
    const agreement = await records.ofUser(userId);
    if (paused && agreement?.state !== 'active') throw new Refusal(sentenceOf('autopayNotSigned'));
    if (paused && agreement!.paused_at !== null) throw new Refusal(sentenceOf('autopayAlreadyPaused'));
    if (!paused && agreement?.paused_at == null) throw new Refusal(sentenceOf('autopayNotPaused'));
    await records.pause(agreement!.id, paused ? 'paused' : 'resumed', operator.username, this.ctx.now());
    return { target: userTarget(userId), before: { paused: !paused }, after: { paused }, answer: await this.consoleView(userId, records) };
  }

  /**
   * The console: the due-date run of a business day (today when absent): the loans of signed
   * borrowers falling due then, those finance paused, and every charge made that day by its
   * state, names and phones masked for roles without `personalData`.
   */
  async day(date: string | undefined, roles: readonly OperatorRole[]): Promise<AutopayRun> {
    const zone = this.ctx.config.businessTimezone;
    const day = date ?? businessDay(this.ctx, this.ctx.now());
    const { startMs, endMs } = dayRange(day, zone);
    const [due, charges] = await Promise.all([this.records.dueOn(day), this.records.madeIn(startMs, endMs)]);
    const whole = mayDo(roles, 'personalData');
    const fensIn = (state: ChargeRow['state']) => charges.filter((charge) => charge.state === state).map((charge) => charge.amount_fen);
    return {
      date: day,
      time_zone: zone,
      due: tallyOf(due.map((loan) => loan.fen)),
      paused: tallyOf(due.filter((loan) => loan.paused).map((loan) => loan.fen)),
      charged: tallyOf(fensIn('paid')),
      failed: tallyOf(fensIn('failed')),
      pending: tallyOf(fensIn('charging')),
      refused: tallyOf(fensIn('refused')),
      charges: charges.map((charge) => {
        const name = charge.real_name ?? charge.nickname;
        return {
          ...chargeView(charge),
          user_id: charge.user_id,
          borrower: whole ? name : maskName(name),
          mobile: whole ? charge.mobile : maskPhone(charge.mobile),
          paused: charge.paused_at !== null,
        };
      }),
    };
  }

  /**
   * Records the borrower's confirmation of the terms in force (their version with the agreement)
   * and answers the gateway's signing page for a new agreement number.
   */
  async sign(userId: number, returnUrl: string | null, apiBase: string): Promise<string> {
    if (!this.settings.enabled) throw new Refusal(sentenceOf('autopayOff'));
    const now = this.ctx.now();
    const externalAgreementNo = `A${businessDay(this.ctx, now).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
    await this.ctx.store.write([`autopay:${userId}`], async (tx) => {
      const records = new AutopayRecords(tx);
      if ((await records.ofUser(userId))?.state === 'active') throw new Refusal(sentenceOf('autopayAlreadyActive'));
      await records.request(userId, externalAgreementNo, AUTOPAY_TERMS_VERSION, now);
    });
    return this.gateway.signUrl(externalAgreementNo, returnUrl, apiBase);
  }

  /** Ends the agreement at the gateway, recorded once the gateway says it is ended. */
  async cancel(userId: number): Promise<void> {
    const agreement = await this.records.ofUser(userId);
    if (!agreement || agreement.state === 'ended' || agreement.state === 'failed') throw new Refusal(sentenceOf('autopayNotSigned'));
    if (agreement.state === 'active' && agreement.agreement_no) {
      const ended =
        (await this.gateway.unsign(agreement.agreement_no, agreement.external_agreement_no)) ||
        (await this.gateway.agreement(agreement.external_agreement_no))?.state === 'ended';
      if (!ended) throw new Refusal(sentenceOf('autopayNotEndedYet'));
    }
    await this.ctx.store.write([`autopay:${userId}`], (tx) => new AutopayRecords(tx).setState(agreement.id, 'ended', null, this.ctx.now()));
  }

  /**
   * The gateway's verified word on an agreement (its notify, or its answer to a query): false
   * when it is not ours, or would undo what was recorded since — an old sign notify replayed
   * after the agreement ended, or one naming another agreement number. Repeats change nothing.
   */
  async record(found: GatewayAgreement): Promise<boolean> {
    const existing = await this.records.byExternal(found.externalAgreementNo);
    if (!existing) return false;
    return this.ctx.store.write([`autopay:${existing.user_id}`], async (tx) => {
      const records = new AutopayRecords(tx);
      const agreement = (await records.byExternal(found.externalAgreementNo))!;
      const now = this.ctx.now();
      if (found.state === 'active') {
        if (agreement.state === 'active') return agreement.agreement_no === found.agreementNo;
        if (agreement.state !== 'pending') return false;
        await records.setState(agreement.id, 'active', found.agreementNo, now);
        return true;
      }
      if (found.state === 'ended') {
        if (agreement.state === 'ended') return true;
        if (agreement.agreement_no && found.agreementNo && agreement.agreement_no !== found.agreementNo) return false;
        await records.setState(agreement.id, 'ended', null, now);
        return true;
      }
      // Not signed (yet): the borrower may still be on the signing page, until it has surely gone.
      if (agreement.state === 'pending' && now - agreement.created_at > SIGN_WINDOW_MS)
        await records.setState(agreement.id, 'failed', null, now);
      return true;
    });
  }

  /** The borrower cancelled on the gateway's signing page (the sandbox's says so; Alipay's does not). */
  async notSigned(externalAgreementNo: string): Promise<void> {
    const agreement = await this.records.byExternal(externalAgreementNo);
    if (agreement?.state !== 'pending') return;
    await this.ctx.store.write([`autopay:${agreement.user_id}`], (tx) =>
      new AutopayRecords(tx).setState(agreement.id, 'failed', null, this.ctx.now()),
    );
  }

  /**
   * The due-date run: first the charges whose outcome is not known yet are asked about; then each
   * loan of a borrower with an active agreement that has an instalment due today or yesterday is
   * charged, when a charge hour has come since its last attempt (`anyHour`: now, for the
   * development route). Returns how many charges were made or settled.
   */
  async run(anyHour = false): Promise<number> {
    if (!this.settings.enabled) return 0;
    let charged = await this.settleInFlight();
    const today = businessDay(this.ctx, this.ctx.now());
    for (const candidate of await this.records.candidates(addDays(today, 1 - CHARGE_DAYS), today)) {
      if ((await this.chargeLoan(candidate, today, anyHour)) === 'charged') charged += 1;
    }
    return charged;
  }

  /**
   * Charges whose answer was unknown: the gateway's trade says, never an assumption. One still
   * not paid after `CANCEL_AFTER_MS` is closed at the gateway (so that it can never take money
   * later) and counts as a failed attempt: the next charge hour tries again.
   */
  private async settleInFlight(): Promise<number> {
    let settled = 0;
    for (const charge of await this.records.inFlight()) {
      if ((await this.payments.reconcile(charge.out_trade_no)) !== 'not-paid') {
        if (await this.paid(charge)) settled += 1;
        continue;
      }
      if (this.ctx.now() - charge.created_at < CANCEL_AFTER_MS) continue;
      if ((await this.gateway.cancelCharge(charge.out_trade_no)) !== 'closed') continue;
      await this.failed(charge, 'unknown');
      this.ctx.log.warn({ out_trade_no: charge.out_trade_no }, 'autopay charge never answered: closed at the gateway');
      if (charge.attempt >= this.settings.attempts || this.slots(charge.due_date).every((slot) => slot <= this.ctx.now()))
        await this.reminders.send('autopay_failed', await this.noticeOf(charge), fromFen(charge.amount_fen));
    }
    return settled;
  }

  /**
   * A charge that took nothing: failed with its reason, and its payment void. Under the loan's
   * lock, a payment that the reconciliation job found paid meanwhile is never voided: the books
   * keep what they settled, the charge reads paid with the gateway's word as its reason
   * (`gateway_unknown`), and the disagreement is logged for finance.
   */
  private async failed(charge: ChargeRow, reason: string): Promise<void> {
    await this.ctx.store.write([Ledger.lock(charge.loan_id)], async (tx) => {
      const payments = new PaymentRecords(tx);
      if ((await payments.byNumber(charge.out_trade_no))?.status === 'paid') {
        this.ctx.log.error({ out_trade_no: charge.out_trade_no, reason }, 'autopay charge settled in the books but failed at the gateway');
        await new AutopayRecords(tx).decide(charge.id, 'charging', 'paid', `gateway_${reason}`, this.ctx.now());
        return;
      }
      if (await new AutopayRecords(tx).decide(charge.id, 'charging', 'failed', reason, this.ctx.now()))
        await payments.setStatus(charge.payment_id!, 'void');
    });
  }

  /** Who a charge's notice goes to, about which instalment: the latest it pays. */
  private async noticeOf(charge: ChargeRow) {
    const states = await this.ledger.states(await this.loans.byId(charge.loan_id));
    const period = states.filter((state) => state.view.due_date <= charge.due_date).pop()?.view.period ?? 1;
    return { loan_id: charge.loan_id, period, due_date: charge.due_date, mobile: await this.records.mobileOf(charge.agreement_id) };
  }

  /** The instants of the charge hours of `dueDate` and the days after it, in the business time zone. */
  private slots(dueDate: string): number[] {
    const zone = this.ctx.config.businessTimezone;
    const slots: number[] = [];
    for (let day = 0; day < CHARGE_DAYS; day += 1) {
      const midnight = zonedMidnight(addDays(dueDate, day), zone);
      for (const hour of this.settings.hours) slots.push(midnight + hour * HOUR_MS);
    }
    return slots;
  }

  private async chargeLoan(candidate: ChargeCandidate, today: string, anyHour: boolean): Promise<LoanOutcome> {
    const loan = await this.loans.byId(candidate.loan_id);
    const states = await this.ledger.owing(loan).catch(refusedAs(null));
    // Instalments due by today and unpaid; a proof under review means the borrower paid by transfer.
    const due = states?.filter((state) => !state.ledger.paid && state.view.due_date <= today) ?? [];
    if (due.length === 0 || due.some((state) => state.ledger.underReview)) return 'none';
    const dueDate = due[due.length - 1].view.due_date;
    const earlier = await this.records.chargesOf(loan.id, dueDate);
    if (earlier.some((charge) => charge.state !== 'failed') || earlier.length >= this.settings.attempts) return 'none';
    const now = this.ctx.now();
    const slots = this.slots(dueDate);
    const hourCame = slots.filter((slot) => slot <= now).pop();
    const lastAttempt = earlier[earlier.length - 1]?.created_at ?? -Infinity;
    if (!anyHour && (hourCame === undefined || lastAttempt >= hourCame)) return 'none';

    const attempt = earlier.length + 1;
    const outTradeNo = `P${dueDate.replace(/-/g, '')}${loan.id.toString(16).toUpperCase().padStart(8, '0')}${attempt.toString(16).toUpperCase().padStart(2, '0')}`;
    const periods = due.map((state) => state.view.period);
    // Priced and opened under the loan's lock: a hand payment either settled before (nothing to
    // charge) or comes after, and then its money, or this charge's, becomes a difference.
    let opened: ChargeRow | null;
    try {
      opened = await this.ctx.store.write([Ledger.lock(loan.id)], (tx) =>
        this.open(tx, candidate, loan.id, dueDate, attempt, outTradeNo, periods, now),
      );
    } catch (error) {
      // Another process took this attempt between the two reads: the database refused a second.
      if (isUniqueViolation(error)) return 'none';
      throw error;
    }
    if (opened === null) return 'none';
    if (opened.state === 'refused') {
      await this.reminders.send('autopay_failed', await this.noticeOf(opened), fromFen(opened.amount_fen));
      return 'none';
    }
    const outcome = await this.gateway.charge({
      paymentNo: outTradeNo,
      amountFen: opened.amount_fen,
      subject: `${loan.order_no} instalments ${formatPeriods(periods)}`,
      agreementNo: candidate.agreement_no,
    });
    if (outcome.state === 'paid') {
      await this.payments.arrived(outcome.trade, this.channel);
      await this.paid(opened);
      return 'charged';
    }
    if (outcome.state === 'unknown') {
      this.ctx.log.warn(
        { out_trade_no: outTradeNo, detail: outcome.detail },
        'autopay charge outcome unknown; asked again on the next run',
      );
      return 'charged';
    }
    await this.failed(opened, outcome.reason);
    this.ctx.log.info({ out_trade_no: outTradeNo, reason: outcome.reason, attempt }, 'autopay charge failed');
    if (outcome.reason === 'agreement') {
      const found = await this.gateway.agreement((await this.records.agreement(candidate.agreement_id)).external_agreement_no);
      if (found) await this.record(found);
    }
    const finalFailure = attempt >= this.settings.attempts || slots.every((slot) => slot <= now);
    if (finalFailure) await this.reminders.send('autopay_failed', await this.noticeOf(opened), fromFen(opened.amount_fen));
    return 'none';
  }

  /** The gateway channel a charge is paid through, as the cashier's reconciliation names it. */
  private get channel(): string {
    return this.payments.gateway.channels?.[0] ?? 'gateway';
  }

  /**
   * The charge and its payment, in one write: null when another run took this attempt first (or
   * a charge for this due date is in flight or paid); refused, with no payment, over a cap.
   */
  private async open(
    tx: Store,
    candidate: ChargeCandidate,
    loanId: number,
    dueDate: string,
    attempt: number,
    outTradeNo: string,
    periods: number[],
    now: number,
  ): Promise<ChargeRow | null> {
    const ledger = this.ledger.on(tx);
    const loan = await this.loans.on(tx).byId(loanId);
    const amountFen = await ledger.price(loan, { payoff: false, periods }).then((price) => price.amountFen, refusedAs(null));
    if (amountFen === null) return null;
    const records = new AutopayRecords(tx);
    // Finance may have paused the borrower since the run chose the loan.
    if ((await records.agreement(candidate.agreement_id)).paused_at !== null) return null;
    // Read again under the loan's lock: another run may have charged this due date meanwhile.
    const earlier = await records.chargesOf(loanId, dueDate);
    if (earlier.length !== attempt - 1 || earlier.some((charge) => charge.state !== 'failed')) return null;
    const monthStart = zonedMidnight(`${businessDay(this.ctx, now).slice(0, 8)}01`, this.ctx.config.businessTimezone);
    const reason =
      amountFen > this.settings.chargeCapFen
        ? 'charge_cap'
        : (await records.chargedSince(candidate.agreement_id, monthStart)) + amountFen > this.settings.monthlyCapFen
          ? 'monthly_cap'
          : null;
    const charge = {
      agreement_id: candidate.agreement_id,
      loan_id: loanId,
      due_date: dueDate,
      attempt,
      out_trade_no: outTradeNo,
      amount_fen: amountFen,
      created_at: now,
    };
    if (reason) {
      await records.insert({ ...charge, payment_id: null, state: 'refused', reason, decided_at: now });
    } else {
      const payment = await new PaymentRecords(tx).insert({
        payment_no: outTradeNo,
        loan_id: loanId,
        periods: formatPeriods(periods),
        payoff: 0,
        amount_fen: amountFen,
        status: 'open',
        created_at: now,
        expires_at: now + PAYMENT_TTL_MS,
      });
      await records.insert({ ...charge, payment_id: payment.id, state: 'charging' });
    }
    return (await records.chargesOf(loanId, dueDate)).find((row) => row.attempt === attempt)!;
  }

  /** A charge whose money arrived: recorded paid once, and the borrower told once. */
  private async paid(charge: ChargeRow): Promise<boolean> {
    if (!(await this.records.decide(charge.id, 'charging', 'paid', null, this.ctx.now()))) return false;
    await this.reminders.send('autopay_charged', await this.noticeOf(charge), fromFen(charge.amount_fen));
    return true;
  }
}
