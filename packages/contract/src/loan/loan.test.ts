import fc from 'fast-check';
import type { InstalmentStatus, LoanRates, LoanStatus } from '../api/types/loan';
import { BANK_NAME_MAX_LENGTH } from '@instalment/contract/validation';
import { applicationProblemText, checkAmount, checkApplication, LOAN_PURPOSES } from './application';
import { addDays, addMonths, calendarDate, daysBetween } from './dates';
import { formatMoney, formatRate, fromFen, toFen } from './money';
import { overdueDays, penaltyFen } from './penalty';
import { checkPeriodSelection, formatPeriods, parsePeriods, togglePeriod } from './repayment';
import { computeSchedule } from './schedule';
import { canTransition, isLoanOpen, isRepayable, LOAN_TRANSITIONS, loanStatusLabel, statusFromInstalments } from './status';
import { checkProofRemark, remarkProblemText, PROOF_REMARK_MAX_LENGTH } from './proof';

describe('computeSchedule', () => {
  /*
   * Worked by hand: 1 200.00 (120 000 fen) over 3 months at 1 %/month, fee 0.50 %/month,
   * disbursed 2026-01-31.
   *   (1 + r)^n = 1.01^3 = 1.030301
   *   M = 120 000 × 0.01 × 1.030301 / 0.030301 = 1 236.3612 / 0.030301 = 40 802.65… → 40 803 fen
   *   period 1: interest 120 000 × 1 % = 1 200;        principal 40 803 − 1 200 = 39 603; left 80 397
   *   period 2: interest 80 397 × 1 % = 803.97 → 804;  principal 40 803 − 804 = 39 999;   left 40 398
   *   period 3: interest 40 398 × 1 % = 403.98 → 404;  principal = all that is left = 40 398
   *   fee every period: 120 000 × 0.5 % = 600
   *   totals: 39 603 + 1 200 + 600 = 41 403; 39 999 + 804 + 600 = 41 403; 40 398 + 404 + 600 = 41 402
   *   (the last period absorbs the rounding: one fen less); interest 2 408, fees 1 800, repaid 124 208.
   * Due dates: Jan 31 + 1, 2, 3 months, clamped to the month's end: Feb 28, Mar 31, Apr 30.
   */
  test('a case worked by hand', () => {
    const schedule = computeSchedule({ amountFen: 120_000, term: 3, monthlyRateBp: 100, monthlyFeeBp: 50, startDate: '2026-01-31' });
    expect(schedule.instalments).toEqual([
      { period: 1, dueDate: '2026-02-28', principalFen: 39_603, interestFen: 1_200, feeFen: 600, totalFen: 41_403 },
      { period: 2, dueDate: '2026-03-31', principalFen: 39_999, interestFen: 804, feeFen: 600, totalFen: 41_403 },
      { period: 3, dueDate: '2026-04-30', principalFen: 40_398, interestFen: 404, feeFen: 600, totalFen: 41_402 },
    ]);
    expect(schedule).toMatchObject({ monthlyPaymentFen: 41_403, totalInterestFen: 2_408, totalFeeFen: 1_800, totalRepaymentFen: 124_208 });
  });

  test('a loan disbursed on the 5th falls due on the 5th, the day written with two digits as stored and compared', () => {
    const schedule = computeSchedule({ amountFen: 120_000, term: 3, monthlyRateBp: 100, monthlyFeeBp: 50, startDate: '2026-01-05' });
    expect(schedule.instalments.map((item) => item.dueDate)).toEqual(['2026-02-05', '2026-03-05', '2026-04-05']);
  });

  test('without interest the amount is split evenly and the last period takes the remainder', () => {
    const schedule = computeSchedule({ amountFen: 100_000, term: 3, monthlyRateBp: 0, monthlyFeeBp: 0, startDate: '2026-05-10' });
    expect(schedule.instalments.map((item) => item.principalFen)).toEqual([33_333, 33_333, 33_334]);
    expect(schedule.totalInterestFen).toBe(0);
  });

  const grid: Array<[number, number, number]> = [];
  for (const term of [1, 3, 6, 12, 24]) {
    for (const rateBp of [0, 65, 80, 199]) {
      for (const amountFen of [100_000, 1_234_567, 5_000_000]) grid.push([amountFen, term, rateBp]);
    }
  }

  test.each(grid)('%i fen over %i months at %i bp: principals add up, the last absorbs rounding', (amountFen, term, monthlyRateBp) => {
    const schedule = computeSchedule({ amountFen, term, monthlyRateBp, monthlyFeeBp: 25, startDate: '2026-01-15' });
    const { instalments } = schedule;
    expect(instalments).toHaveLength(term);
    expect(instalments.reduce((sum, item) => sum + item.principalFen, 0)).toBe(amountFen);
    expect(instalments.every((item) => item.principalFen > 0 && Number.isInteger(item.interestFen))).toBe(true);
    // Every period but the last pays the same; the last is off by at most the rounding of each period.
    const regular = instalments[0].totalFen;
    expect(instalments.slice(0, -1).every((item) => item.totalFen === regular)).toBe(true);
    expect(Math.abs(instalments[term - 1].totalFen - regular)).toBeLessThanOrEqual(term);
    expect(schedule.totalRepaymentFen).toBe(instalments.reduce((sum, item) => sum + item.totalFen, 0));
  });

  test.each([
    [{ amountFen: 0, term: 3 }, 'amount must be a positive number of fen'],
    [{ amountFen: 10.5, term: 3 }, 'amount must be a positive number of fen'],
    [{ amountFen: 1000, term: 0 }, 'term must be a positive number of months'],
    [{ amountFen: 1000, term: 1.5 }, 'term must be a positive number of months'],
  ])('refuses %j', (input, reason) => {
    expect(() => computeSchedule({ ...input, monthlyRateBp: 80, monthlyFeeBp: 0, startDate: '2026-01-01' })).toThrow(
      new RangeError(reason),
    );
  });
});

describe('money', () => {
  test.each([
    ['0', 0],
    ['1', 100],
    ['1.5', 150],
    ['1234.56', 123_456],
    [' 12.30 ', 1_230],
    [1000, 100_000],
    ['1.234', null],
    ['-1.00', null],
    ['1,000.00', null],
    ['abc', null],
    ['', null],
    ['1e3', null],
  ])('toFen(%p) = %p', (money, fen) => {
    expect(toFen(money)).toBe(fen);
  });

  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_456, '1234.56'],
    [-150, '-1.50'],
  ])('fromFen(%p) = %p', (fen, money) => {
    expect(fromFen(fen)).toBe(money);
  });

  test('toFen and fromFen are inverse on the wire form', () => {
    for (const fen of [0, 1, 99, 100, 101, 5_000_000, 123_456_789]) expect(toFen(fromFen(fen))).toBe(fen);
  });

  test.each([
    ['1234.5', '¥1,234.50'],
    ['1000000', '¥1,000,000.00'],
    ['-12.3', '-¥12.30'],
    [12.5, '¥12.50'],
    ['oops', '¥—'],
    ['1-2', '¥—'],
  ])('formatMoney(%p) = %p', (money, shown) => {
    expect(formatMoney(money)).toBe(shown);
  });

  test('formatRate', () => {
    expect(formatRate(80)).toBe('0.80%');
    expect(formatRate(5)).toBe('0.05%');
  });
});

describe('dates', () => {
  test.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-11-15', 2, '2027-01-15'],
    ['2026-08-31', 1, '2026-09-30'],
    ['2026-01-15', 24, '2028-01-15'],
  ])('addMonths(%p, %p) = %p', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  test('daysBetween counts whole days either way', () => {
    expect(daysBetween('2026-02-15', '2026-02-25')).toBe(10);
    expect(daysBetween('2026-02-25', '2026-02-15')).toBe(-10);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });

  test('dates read digit by digit answer as dates split on "-" do, stored ones and any other string alike', () => {
    const split = (date: string) => date.split('-').map(Number);
    const utc = (date: string) => {
      const [y, m, d] = split(date);
      return Date.UTC(y, m - 1, d);
    };
    const stored = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    const any = fc.oneof(stored, fc.string({ maxLength: 12 }), fc.stringMatching(/^[0-9a-f+ -]{10}$/));
    fc.assert(
      fc.property(any, any, fc.integer({ min: -400, max: 400 }), (from, to, days) => {
        expect(daysBetween(from, to)).toBe(Math.round((utc(to) - utc(from)) / (24 * 3600 * 1000)));
        const [y, m, d] = split(from);
        const shifted = Number.isNaN(Date.UTC(y, m - 1, d + days))
          ? null
          : new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
        if (shifted === null) expect(() => addDays(from, days)).toThrow(RangeError);
        else expect(addDays(from, days)).toBe(shifted);
      }),
      { numRuns: 2000 },
    );
  });

  test('calendarDate is the date in China Standard Time', () => {
    expect(calendarDate(Date.UTC(2026, 0, 14, 15, 59))).toBe('2026-01-14');
    expect(calendarDate(Date.UTC(2026, 0, 14, 16, 0))).toBe('2026-01-15');
    expect(calendarDate(new Date(Date.UTC(2026, 0, 14, 16, 0)))).toBe('2026-01-15');
  });
});

describe('penalty', () => {
  test.each([
    ['2026-02-15', '2026-02-15', 0, 0],
    ['2026-02-15', '2026-02-16', 0, 1],
    ['2026-02-15', '2026-02-25', 0, 10],
    ['2026-02-15', '2026-02-17', 3, 0],
    // The last grace day is not late yet; the day after counts every day since the due date.
    ['2026-02-15', '2026-02-18', 3, 0],
    ['2026-02-15', '2026-02-19', 3, 4],
    ['2026-02-15', '2026-02-01', 0, 0],
  ])('due %s, today %s, grace %i → %i days overdue', (due, today, grace, days) => {
    expect(overdueDays(due, today, grace)).toBe(days);
  });

  test('the penalty is the daily rate of principal + interest per day, rounded to the fen', () => {
    // 404 000 fen × 5 bp × 10 days = 2 020 fen.
    expect(penaltyFen(404_000, 10, 5)).toBe(2_020);
    // 40 803 × 5 / 10 000 = 20.4015 → 20 fen for one day.
    expect(penaltyFen(40_803, 1, 5)).toBe(20);
    expect(penaltyFen(404_000, 0, 5)).toBe(0);
    // A day count from before the due date never credits the borrower.
    expect(penaltyFen(404_000, -3, 5)).toBe(0);
  });
});

describe('period selection', () => {
  const unpaid = [3, 4, 5, 6];
  test.each([
    [[3], null],
    [[3, 4], null],
    [[4, 3, 5], null],
    [[3, 3, 4], null],
    [[], 'noPeriods'],
    [[2], 'unknownPeriod'],
    [[3, 7], 'unknownPeriod'],
    [[4], 'mustIncludeEarliest'],
    [[4, 5], 'mustIncludeEarliest'],
    [[3, 5], 'noSkipping'],
  ])('%j → %p', (selected, problem) => {
    expect(checkPeriodSelection(unpaid, selected)).toBe(problem);
  });

  test('toggling keeps the selection valid', () => {
    expect(togglePeriod(unpaid, [3], 5)).toEqual([3, 4, 5]);
    expect(togglePeriod(unpaid, [3, 4, 5], 4)).toEqual([3]);
    expect(togglePeriod(unpaid, [3], 9)).toEqual([3]);
    expect(togglePeriod(unpaid, [3, 4], 3)).toEqual([]);
    expect(togglePeriod(unpaid, [], 3)).toEqual([3]);
  });

  test('periods count in numbers, in whatever order the unpaid ones come: 9 before 10', () => {
    const late = [10, 11, 9, 12];
    expect(checkPeriodSelection(late, [9, 10])).toBeNull();
    expect(checkPeriodSelection(late, [10])).toBe('mustIncludeEarliest');
    expect(togglePeriod(late, [], 10)).toEqual([9, 10]);
  });

  test.each([
    ['1,2,3', [1, 2, 3]],
    ['10,11', [10, 11]],
    ['24', [24]],
    [' 2 , 1', [2, 1]],
    ['', []],
    [undefined, []],
    ['1,,2', null],
    ['1;2', null],
    ['-1', null],
    ['1.5', null],
    ['1000', null],
  ])('parsePeriods(%p) = %p', (text, periods) => {
    expect(parsePeriods(text)).toEqual(periods);
  });

  test('formatPeriods sorts', () => {
    expect(formatPeriods([3, 1, 2])).toBe('1,2,3');
  });
});

describe('loan status', () => {
  const all: LoanStatus[] = ['pending', 'approved', 'rejected', 'repaying', 'overdue', 'settled'];
  const allowed = new Set([
    'pending>approved',
    'pending>repaying',
    'pending>rejected',
    'approved>repaying',
    'approved>rejected',
    'repaying>overdue',
    'repaying>settled',
    'overdue>repaying',
    'overdue>settled',
  ]);
  const pairs = all.flatMap((from) => all.filter((to) => to !== from).map((to) => [from, to] as [LoanStatus, LoanStatus]));

  test.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  test('rejected and settled are final; staying put is always allowed', () => {
    expect(LOAN_TRANSITIONS.rejected).toEqual([]);
    expect(LOAN_TRANSITIONS.settled).toEqual([]);
    for (const status of all) expect(canTransition(status, status)).toBe(true);
  });

  test.each([
    [['paid', 'paid'], 'settled'],
    [['paid', 'unpaid'], 'repaying'],
    [['unpaid', 'unpaid'], 'repaying'],
    [['paid', 'overdue', 'unpaid'], 'overdue'],
    [['overdue', 'overdue'], 'overdue'],
  ] as Array<[InstalmentStatus[], LoanStatus]>)('instalments %j → %s', (statuses, status) => {
    expect(statusFromInstalments(statuses)).toBe(status);
  });

  test('only repaying and overdue loans can be repaid', () => {
    expect(all.filter(isRepayable)).toEqual(['repaying', 'overdue']);
  });

  test('a loan in review or owing keeps its account open; only rejected and settled ones do not', () => {
    expect(all.filter(isLoanOpen)).toEqual(['pending', 'approved', 'repaying', 'overdue']);
  });

  test("a status in words, in the reader's language", () => {
    expect(loanStatusLabel('approved')).toBe('approved, awaiting disbursement');
    expect(loanStatusLabel('settled', 'zh-CN')).toBe('已结清');
  });
});

describe('applications', () => {
  const rates: LoanRates = {
    currency: 'CNY',
    min_amount: '1000.00',
    max_amount: '50000.00',
    amount_step: '100.00',
    terms: [{ term: 3, monthly_rate_bp: 80, monthly_fee_bp: 30, apr_bp: 1496 }],
    repayment_method: 'equal_instalment',
    overdue_daily_penalty_bp: 5,
    grace_days: 0,
    purposes: ['consumption', 'travel'],
  };

  test.each([
    ['1000', null],
    ['50000.00', null],
    ['1100.00', null],
    ['999.99', 'amountRange'],
    ['50100', 'amountRange'],
    ['1050', 'amountStep'],
    ['0', 'amountInvalid'],
    ['ten', 'amountInvalid'],
  ])('amount %p → %p', (amount, problem) => {
    expect(checkAmount(amount, rates)).toBe(problem);
  });

  test('the step counts from the smallest amount', () => {
    const offer = { ...rates, min_amount: '1030.00' };
    expect(checkAmount('1130', offer)).toBeNull();
    expect(checkAmount('1100', offer)).toBe('amountStep');
  });

  test('a borrower chooses among six purposes, in this order', () => {
    expect(LOAN_PURPOSES).toEqual(['consumption', 'education', 'travel', 'home', 'medical', 'other']);
  });

  test('a complete application has no problems; an empty one has one per field', () => {
    const valid = {
      amount: '5000',
      term: 3,
      purpose: 'travel' as const,
      real_name: 'Han Meimei',
      id_card: '11010119900307123X',
      bank_card: '6222020200112233',
      bank_name: 'Bank of China',
      agree_contract: true,
    };
    expect(checkApplication(valid, rates)).toEqual({});
    expect(checkApplication({}, rates)).toEqual({
      amount: 'amountInvalid',
      term: 'termInvalid',
      purpose: 'purposeInvalid',
      real_name: 'realNameRequired',
      id_card: 'idCardRequired',
      bank_card: 'bankCardRequired',
      bank_name: 'bankNameRequired',
      agree_contract: 'consentRequired',
    });
    expect(checkApplication({ ...valid, term: 6, purpose: 'education' }, rates)).toEqual({
      term: 'termInvalid',
      purpose: 'purposeInvalid',
    });
  });

  it('limits the bank name, and the form and the server say so in the same words', () => {
    const long = 'B'.repeat(BANK_NAME_MAX_LENGTH + 1);
    const problem = checkApplication({ bank_name: long }, rates).bank_name!;
    expect(problem).toBe('bankNameTooLong');
    expect(applicationProblemText(problem, rates)).toBe('The bank name may be at most 50 characters.');
    expect(applicationProblemText(problem, rates, 'zh-CN')).toBe('银行名称最多 50 个字符。');
    expect(applicationProblemText('amountRange', rates)).toBe('The amount must be between ¥1,000.00 and ¥50,000.00.');
    expect(checkApplication({ bank_name: 'B'.repeat(BANK_NAME_MAX_LENGTH) }, rates).bank_name).toBeUndefined();
    // Spaces around the name are not part of it.
    expect(checkApplication({ bank_name: ` ${'B'.repeat(BANK_NAME_MAX_LENGTH)} ` }, rates).bank_name).toBeUndefined();
  });
});

describe('proof remarks', () => {
  it("are printable and at most 200 characters, in the reader's language", () => {
    expect(checkProofRemark('')).toBeNull();
    expect(checkProofRemark('x'.repeat(PROOF_REMARK_MAX_LENGTH))).toBeNull();
    expect(checkProofRemark('x'.repeat(PROOF_REMARK_MAX_LENGTH + 1))).toBe('remarkTooLong');
    expect(checkProofRemark('ref \u202e1')).toBe('textUnsafe');
    expect(remarkProblemText('remarkTooLong')).toBe('The remark may be at most 200 characters.');
    expect(remarkProblemText('remarkTooLong', 'zh-CN')).toBe('备注最多 200 个字符。');
    expect(remarkProblemText('textUnsafe')).toBe('Remove the invisible control or text-direction characters from this text.');
  });
});
