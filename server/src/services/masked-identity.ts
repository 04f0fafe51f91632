import { maskBankCard, maskIdCard } from '@instalment/contract/format';
import type { FieldCipher } from '../sealing/field-cipher';
import type { LoanRow } from '../repositories/loans';

/** What every answer shows of a loan's ID number and bank card: their masked forms, opened from the sealed ones for that alone. */
export interface MaskedIdentity {
  id_card: string;
  bank_card: string;
}

export function maskedIdentity(cipher: FieldCipher, loan: Pick<LoanRow, 'id_card' | 'bank_card'>): MaskedIdentity {
  return { id_card: maskIdCard(cipher.open(loan.id_card)), bank_card: maskBankCard(cipher.open(loan.bank_card)) };
}
