import type { BankInfo, LoanRates, PaymentChannel, TermRate } from '@instalment/shared/api';
import { APR_REFERENCE_AMOUNT_FEN, priceAprBp } from '@instalment/shared/loan';
import type { Db } from '../db/database';

/** The rates as kept in `settings`: the price of each term, without what follows from it. */
export type StoredRates = Omit<LoanRates, 'terms'> & { terms: Array<Omit<TermRate, 'apr_bp'>> };

/** The product as configured in `settings`: rates, payment channels, the receiving account. */
export class CatalogueService {
  constructor(private readonly db: Db) {}

  private read<T>(key: string): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    if (!row) throw new Error(`The setting ${key} is missing from the database.`);
    return JSON.parse(row.value) as T;
  }

  /** The offer with each term's APR, computed from its price rather than stored beside it. */
  rates(): LoanRates {
    const stored = this.read<StoredRates>('loan_rates');
    return {
      ...stored,
      terms: stored.terms.map((offer) => ({
        ...offer,
        apr_bp: priceAprBp(APR_REFERENCE_AMOUNT_FEN, offer.term, offer.monthly_rate_bp, offer.monthly_fee_bp),
      })),
    };
  }

  channels(): PaymentChannel[] {
    return this.read<PaymentChannel[]>('payment_channels');
  }

  /** Channels a payment can go through now. */
  enabledChannels(): PaymentChannel[] {
    return this.channels().filter((channel) => channel.enabled);
  }

  bankInfo(): BankInfo {
    return this.read<BankInfo>('bank_info');
  }
}
