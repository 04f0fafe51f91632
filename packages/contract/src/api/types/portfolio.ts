import type { Static } from '@sinclair/typebox';
import type * as schema from '../schemas/portfolio';

/** GET /api/loan/due (the schemas in `schemas/portfolio.ts` are the source). */
export type DueLoansQuery = Static<typeof schema.DueLoansQuery>;
export type DueLoan = Static<typeof schema.DueLoan>;
export type DueLoans = Static<typeof schema.DueLoans>;

/** GET /api/loan/overdue. */
export type MyOverdueLoansQuery = Static<typeof schema.MyOverdueLoansQuery>;
export type MyOverdueLoan = Static<typeof schema.MyOverdueLoan>;
export type MyOverdueLoans = Static<typeof schema.MyOverdueLoans>;
