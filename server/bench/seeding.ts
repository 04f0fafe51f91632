/**
 * Borrowers whose loan's first instalment falls due today, written straight into the database in
 * multi-row inserts (the rows the app writes for a signed borrower's disbursed loan): what
 * `bench:autopay` charges and `bench:repayment-day` pays, thousands in seconds.
 */
import { zonedMidnight } from '@instalment/contract/format';
import { addMonths, computeSchedule } from '@instalment/contract/loan';
import type { Store } from '../src/db/store';
import type { FieldCipher } from '../src/sealing/field-cipher';

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters for the widest table (loans). */
const BATCH = 1000;
const HOUR_MS = 3600 * 1000;
export const BENCH_LOAN = { amountFen: 300_000, term: 3, monthlyRateBp: 80, monthlyFeeBp: 30 };

/** One seeded borrower: `number` is its place in the run (0…count-1), which its names carry. */
export interface DueBorrower {
  number: number;
  userId: number;
  loanId: number;
  orderNo: string;
}

/**
 * `count` borrowers with a loan disbursed a month before `today` (in `zone`); `each` is given
 * every batch once its loans and instalments are in, for what a bench adds per borrower.
 * Answers what the first instalment costs on its due day.
 */
export async function seedDueLoans(
  store: Store,
  cipher: FieldCipher,
  { count, today, zone, each }: { count: number; today: string; zone: string; each?: (borrowers: DueBorrower[]) => Promise<void> },
): Promise<number> {
  // Disbursed a month ago: the first instalment falls due today.
  const disbursedOn = addMonths(today, -1);
  const schedule = computeSchedule({ ...BENCH_LOAN, startDate: disbursedOn });
  if (schedule.instalments[0].dueDate !== today) throw new Error(`a loan disbursed on ${disbursedOn} is not due on ${today}`);
  const disbursedAt = zonedMidnight(disbursedOn, zone) + 10 * HOUR_MS;
  const now = Date.now();
  // One sealed value for all: what a run reads is that it opens under the server's key.
  const idCard = cipher.seal('110101199003077777');
  const bankCard = cipher.seal('6222020200112233445');
  for (let first = 0; first < count; first += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, count - first) }, (_, index) => first + index);
    const users = await store.q
      .insertInto('users')
      .values(
        numbers.map((n) => ({
          username: `bench${n}`,
          nickname: `bench${n}`,
          mobile: `139${String(n).padStart(8, '0')}`,
          createtime: now,
          mobile_since: now,
        })),
      )
      .returning('id')
      .execute();
    const orderNos = numbers.map((n) => `L${today.replace(/-/g, '')}${String(n).padStart(6, '0')}`);
    const loans = await store.q
      .insertInto('loans')
      .values(
        users.map((user, index) => ({
          order_no: orderNos[index],
          user_id: user.id,
          amount_fen: BENCH_LOAN.amountFen,
          term: BENCH_LOAN.term,
          monthly_rate_bp: BENCH_LOAN.monthlyRateBp,
          monthly_fee_bp: BENCH_LOAN.monthlyFeeBp,
          penalty_bp: 5,
          grace_days: 0,
          purpose: 'consumption' as const,
          real_name: 'Li Lei',
          id_card: idCard,
          bank_card: bankCard,
          bank_name: 'Industrial and Commercial Bank of China',
          status: 'repaying' as const,
          created_at: disbursedAt,
          approve_after: disbursedAt,
          approved_at: disbursedAt,
          disbursed_at: disbursedAt,
        })),
      )
      .returning('id')
      .execute();
    await store.q
      .insertInto('instalments')
      .values(
        loans.flatMap((loan) =>
          schedule.instalments.map((item) => ({
            loan_id: loan.id,
            period: item.period,
            due_date: item.dueDate,
            principal_fen: item.principalFen,
            interest_fen: item.interestFen,
            fee_fen: item.feeFen,
          })),
        ),
      )
      .execute();
    await each?.(numbers.map((number, index) => ({ number, userId: users[index].id, loanId: loans[index].id, orderNo: orderNos[index] })));
  }
  return schedule.instalments[0].totalFen;
}
