import type { LoanRates } from '@instalment/contract/api';
import { useLocale } from '@instalment/host-sdk/host';
import { type ApplicationProblem, applicationProblemText } from '@instalment/contract/loan';

/** A rule's answer in the reader's language: the same sentence the server refuses with. */
export function useProblemText(rates: LoanRates): (problem: ApplicationProblem) => string {
  const locale = useLocale();
  return (problem) => applicationProblemText(problem, rates, locale);
}
