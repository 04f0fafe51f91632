import { EDITABLE_SETTINGS, type EditableSetting } from '@instalment/contract/api';
import { BankInfo, PaymentChannels, StoredRates } from '@instalment/contract/api/schemas';
import { APR_CEILING_BP, APR_REFERENCE_AMOUNT_FEN, formatRate, priceAprBp } from '@instalment/contract/loan';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Refusal, sentenceOf } from '../../services/refusals';

/** What a new value of each setting must look like. */
export const SETTING_SHAPES: Record<EditableSetting, TSchema> = {
  loan_rates: StoredRates,
  payment_channels: PaymentChannels,
  bank_info: BankInfo,
};

/**
 * A setting's new value, judged before anyone is asked to approve it and again when it is carried
 * out, and kept as its shape has it: a key the setting does not have (a field of the answer it
 * was read from) is not stored with it.
 */
export function checkSetting(key: string, value: unknown): { setting: EditableSetting; value: unknown } {
  if (!(EDITABLE_SETTINGS as readonly string[]).includes(key)) throw new Refusal(sentenceOf('settingUnknown'));
  const setting = key as EditableSetting;
  if (!Value.Check(SETTING_SHAPES[setting], value)) throw new Refusal(sentenceOf('settingShape', { key }));
  if (setting === 'loan_rates') {
    for (const offer of (value as { terms: Array<{ term: number; monthly_rate_bp: number; monthly_fee_bp: number }> }).terms) {
      const apr = priceAprBp(APR_REFERENCE_AMOUNT_FEN, offer.term, offer.monthly_rate_bp, offer.monthly_fee_bp);
      if (apr > APR_CEILING_BP) throw new Refusal(sentenceOf('aprOverCap', { term: offer.term, rate: formatRate(apr) }));
    }
  }
  return { setting, value: Value.Clean(SETTING_SHAPES[setting], Value.Clone(value)) };
}
