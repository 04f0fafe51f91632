import type { Migration } from './migration';

/**
 * Every payment's money, when it arrives, asks whether the payment is an autopay charge's (its
 * price is then its charge's day): found by the payment, not by reading every charge.
 */
export const autopayChargePayment: Migration = {
  version: 28,
  name: 'autopay-charge-payment',
  sql: `
      CREATE INDEX autopay_charges_payment ON autopay_charges (payment_id);
  `,
};
