import { Type } from '@sinclair/typebox';
import { Instalment, LoanSummary } from './loan';
import { Money } from './common';

/** GET /api/loan/due and /api/loan/overdue take nothing: they answer for the signed-in borrower's every loan. */
export const DueLoansQuery = Type.Object({});
export const MyOverdueLoansQuery = Type.Object({});

/** A repayable loan with what it owes now: the periods `owedNow` picks, priced as the cashier prices them. */
export const DueLoan = Type.Composite([
  LoanSummary,
  Type.Object({
    /** The owed periods' total, penalties included. */
    owed: Money,
    owed_periods: Type.Array(Type.Integer()),
    /** The most days any owed period is overdue. */
    overdue_days: Type.Integer(),
    /** The owed periods' penalties. */
    penalty: Money,
    /** Some instalment of the loan is covered by a proof under review. */
    under_review: Type.Boolean(),
  }),
]);

/** GET /api/loan/due: every loan with an instalment to pay, soonest due first (the most overdue first on one day). */
export const DueLoans = Type.Object({ list: Type.Array(DueLoan) });

/** A loan with instalments past their grace, as its own instalments answer shows them. */
export const MyOverdueLoan = Type.Object({
  order_no: Type.String(),
  amount: Money,
  instalments: Type.Array(Instalment),
});

/** GET /api/loan/overdue: the loans with overdue instalments, newest first, and their penalties summed. */
export const MyOverdueLoans = Type.Object({ list: Type.Array(MyOverdueLoan), total_penalty: Money });
