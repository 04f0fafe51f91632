import type { PaymentStanding, PaymentStatus } from '@instalment/contract/api';
import type { DifferenceRow } from '../repositories/differences';

/** What of a payment's difference its standing depends on. */
export type StandingDifference = Pick<DifferenceRow, 'status' | 'settled_fen'>;

/**
 * What became of a payment, the one answer every console list, page and file shows. A payment
 * the ledger credited whole stands as stored (paid, or never paid: open, superseded, void,
 * repriced); one that left a difference stands as finance resolved it. A refund gives back what
 * was not credited: all of the money when nothing was (refunded), the rest otherwise (partly).
 */
export function paymentStanding(status: PaymentStatus, difference: StandingDifference | null): PaymentStanding {
  if (!difference) return status;
  switch (difference.status) {
    case 'open':
      return 'awaiting_reconciliation';
    case 'refunding':
      return 'refunding';
    case 'refunded':
      return difference.settled_fen === 0 ? 'refunded' : 'partly_refunded';
    case 'credited':
      return 'credited';
    case 'closed':
      return 'difference_closed';
  }
}
