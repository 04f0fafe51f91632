import type { LoanRates } from '@instalment/shared/api';
import { useLocale } from '@instalment/shared/host';
import { type ApplicationProblem, applicationProblemText } from '@instalment/shared/loan';

/** A rule's answer in the reader's language: the same sentence the server refuses with. */
export function useProblemText(rates: LoanRates): (problem: ApplicationProblem) => string {
  const locale = useLocale();
  return (problem) => applicationProblemText(problem, rates, locale);
}
