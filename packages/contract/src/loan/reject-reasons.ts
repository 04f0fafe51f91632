import type { RejectReasonCode } from '../api/schemas/reject-reasons';
import { type Locale, translator } from '@instalment/contract/i18n';
import { loanMessages } from './messages';

/** A rejection reason's words, from the loan catalogue: the reviewer's picklist and the borrower's detail say the same. */
export function rejectReasonLabel(code: RejectReasonCode, locale: Locale = 'en'): string {
  return translator(loanMessages, locale)(`reject_${code}`);
}

/**
 * Why the application was turned down, as the borrower reads it: the reason's words in their
 * language, then the reviewer's own. A loan rejected before reasons had codes keeps its text.
 */
export function rejectionText(code: RejectReasonCode | null, text: string | null, locale: Locale = 'en'): string | null {
  const words = text?.trim() || null;
  if (code === null) return words;
  const reason = rejectReasonLabel(code, locale);
  return words ? translator(loanMessages, locale)('rejectReasonWithText', { reason, text: words }) : reason;
}
