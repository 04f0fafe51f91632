import type { BankInfo, LoanRates, PaymentChannel } from '@instalment/shared/api';
import { APR_REFERENCE_AMOUNT_FEN, priceAprBp } from '@instalment/shared/loan';
import type { StoredRates } from '../db/catalogue';
import type { Store } from '../db/store';
import { SettingRecords } from '../repositories/catalogue';

/** The product as configured in `settings`: rates, payment channels, the receiving account. */
export class CatalogueService {
  private readonly settings: SettingRecords;

  constructor(store: Store) {
    this.settings = new SettingRecords(store);
  }

  /** The offer with each term's APR, computed from its price rather than stored beside it. */
  async rates(): Promise<LoanRates> {
    const stored = await this.settings.read<StoredRates>('loan_rates');
    return {
      ...stored,
      terms: stored.terms.map((offer) => ({
        ...offer,
        apr_bp: priceAprBp(APR_REFERENCE_AMOUNT_FEN, offer.term, offer.monthly_rate_bp, offer.monthly_fee_bp),
      })),
    };
  }

  channels(): Promise<PaymentChannel[]> {
    return this.settings.read<PaymentChannel[]>('payment_channels');
  }

  /** Channels a payment can go through now. */
  async enabledChannels(): Promise<PaymentChannel[]> {
    return (await this.channels()).filter((channel) => channel.enabled);
  }

  bankInfo(): Promise<BankInfo> {
    return this.settings.read<BankInfo>('bank_info');
  }
}
