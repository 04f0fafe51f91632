import type { BankInfo, LoanRates, PaymentChannel } from '@instalment/shared/api';
import type { Db } from '../db/database';

/** The product as configured in `settings`: rates, payment channels, the receiving account. */
export class CatalogueService {
  constructor(private readonly db: Db) {}

  private read<T>(key: string): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    if (!row) throw new Error(`The setting ${key} is missing from the database.`);
    return JSON.parse(row.value) as T;
  }

  rates(): LoanRates {
    return this.read<LoanRates>('loan_rates');
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
