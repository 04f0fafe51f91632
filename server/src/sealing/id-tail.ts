import type { FieldCipher } from './field-cipher';

/** How many of an ID number's last characters its tail index keeps: what staff read on a masked ID (110**********1234). */
export const ID_TAIL_LENGTH = 4;

/**
 * The blind index of an ID number's last characters, under the index key: staff find a borrower
 * by the tail they read on a call without the database holding any of it in clear. Labelled, so
 * that it never equals the whole number's index of some other value.
 */
export function idTailIndex(cipher: FieldCipher, idCard: string): string {
  return cipher.blindIndex(`id-tail:${idCard.slice(-ID_TAIL_LENGTH).toUpperCase()}`);
}
