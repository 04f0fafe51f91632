import { type Locale, translator } from '@instalment/contract/i18n';
import { validateFreeText, validationMessages, PROOF_REMARK_MAX_LENGTH } from '@instalment/contract/validation';
import { loanMessages } from './messages';

export { PROOF_REMARK_MAX_LENGTH };

export type RemarkProblem = 'textUnsafe' | 'remarkTooLong';

/** A proof's remark: optional, printable, and short enough to review. The form and the server both ask this. */
export function checkProofRemark(remark: string): RemarkProblem | null {
  if (validateFreeText(remark)) return 'textUnsafe';
  return remark.length > PROOF_REMARK_MAX_LENGTH ? 'remarkTooLong' : null;
}

export function remarkProblemText(problem: RemarkProblem, locale: Locale = 'en'): string {
  return problem === 'textUnsafe'
    ? translator(validationMessages, locale)('textUnsafe')
    : translator(loanMessages, locale)('remarkTooLong', { max_length: PROOF_REMARK_MAX_LENGTH });
}
