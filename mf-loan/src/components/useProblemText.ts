import type { LoanRates } from '@instalment/shared/api';
import { useT } from '@instalment/shared/host';
import { type ApplicationProblem, formatMoney, type LoanMessageKey, loanMessages } from '@instalment/shared/loan';
import { type ValidationKey, validationMessages } from '@instalment/shared/validation';

/** The words of a rule's answer: loan rules speak of the rates' range and step, field rules of the field. */
export function useProblemText(rates: LoanRates): (problem: ApplicationProblem) => string {
  const tLoan = useT(loanMessages);
  const tField = useT(validationMessages);
  const params = { min: formatMoney(rates.min_amount), max: formatMoney(rates.max_amount), step: formatMoney(rates.amount_step) };
  return (problem) => (problem in loanMessages.en ? tLoan(problem as LoanMessageKey, params) : tField(problem as ValidationKey));
}
