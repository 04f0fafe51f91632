import type { InstalmentsResult } from '@instalment/contract/api';
import { instalment } from '@instalment/testing/fixtures';

/** Period 1 paid, 2 overdue, 3 and 4 still to come. */
export const schedule = (): InstalmentsResult => ({
  order_no: 'L100',
  list: [
    instalment(1, { status: 'paid', total: '300.00', paid_at: '2026-01-15T02:00:00.000Z' }),
    instalment(2, { status: 'overdue', total: '306.00', penalty: '6.00', overdue_days: 12 }),
    instalment(3, { status: 'unpaid', total: '300.00' }),
    instalment(4, { status: 'unpaid', total: '300.00' }),
  ],
});
