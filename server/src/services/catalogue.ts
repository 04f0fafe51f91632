import type { BankInfo, LoanRates, PaymentChannel } from '@instalment/contract/api';
import { APR_REFERENCE_AMOUNT_FEN, priceAprBp } from '@instalment/contract/loan';
import type { StoredRates } from '../db/catalogue';
import type { Store } from '../db/store';
import { SettingRecords } from '../repositories/catalogue';

/** The product as configured in `settings`: rates, payment channels, the receiving account. */
export class CatalogueService {
  private readonly settings: SettingRecords;
  /** Each setting as last read and what was made of it: parsed (and priced) again only when its text changed. */
  private readonly made = new Map<string, { text: string; value: unknown }>();

  constructor(store: Store) {
    this.settings = new SettingRecords(store);
  }

  /** A setting's value, read each time (another process may have changed it); frozen, since callers share it. */
  private async setting<T, Stored = T>(key: string, make?: (stored: Stored) => T): Promise<T> {
    const text = await this.settings.text(key);
    const kept = this.made.get(key);
    if (kept?.text === text) return kept.value as T;
    const stored = JSON.parse(text) as Stored;
    const value = deepFreeze(make ? make(stored) : (stored as unknown as T));
    this.made.set(key, { text, value });
    return value;
  }

  /** The offer with each term's APR, computed from its price rather than stored beside it. */
  rates(): Promise<LoanRates> {
    return this.setting('loan_rates', (stored: StoredRates) => ({
      ...stored,
      terms: stored.terms.map((offer) => ({
        ...offer,
        apr_bp: priceAprBp(APR_REFERENCE_AMOUNT_FEN, offer.term, offer.monthly_rate_bp, offer.monthly_fee_bp),
      })),
    }));
  }

  channels(): Promise<PaymentChannel[]> {
    return this.setting('payment_channels');
  }

  /** Channels a payment can go through now. */
  async enabledChannels(): Promise<PaymentChannel[]> {
    return (await this.channels()).filter((channel) => channel.enabled);
  }

  bankInfo(): Promise<BankInfo> {
    return this.setting('bank_info');
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
