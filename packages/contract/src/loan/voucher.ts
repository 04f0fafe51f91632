import { type Locale, translator } from '@instalment/contract/i18n';
import { validateFreeText, validationMessages } from '@instalment/contract/validation';
import { loanMessages } from './messages';

/** The longest remark a payment proof keeps (the reviewer reads it beside the receipt). */
export const VOUCHER_REMARK_MAX_LENGTH = 200;

export type RemarkProblem = 'textUnsafe' | 'remarkTooLong';

/** A proof's remark: optional, printable, and short enough to review. The form and the server both ask this. */
export function checkVoucherRemark(remark: string): RemarkProblem | null {
  if (validateFreeText(remark)) return 'textUnsafe';
  return remark.length > VOUCHER_REMARK_MAX_LENGTH ? 'remarkTooLong' : null;
}

export function remarkProblemText(problem: RemarkProblem, locale: Locale = 'en'): string {
  return problem === 'textUnsafe'
    ? translator(validationMessages, locale)('textUnsafe')
    : translator(loanMessages, locale)('remarkTooLong', { max_length: VOUCHER_REMARK_MAX_LENGTH });
}
