import type { LoanApplication, LoanPurpose, LoanRates } from '../api/types/loan';
import {
  BANK_NAME_MAX_LENGTH,
  validateBankCard,
  validateFreeText,
  validateIdCard,
  validateRealName,
  validateRequired,
  type ValidationKey,
  validationMessages,
} from '@instalment/contract/validation';
import { type Locale, translator } from '@instalment/contract/i18n';
import { formatMoney, toFen } from './money';
import { type LoanMessageKey, loanMessages } from './messages';

export const LOAN_PURPOSES: readonly LoanPurpose[] = ['consumption', 'education', 'travel', 'home', 'medical', 'other'];

export type LoanRuleKey =
  | 'amountInvalid'
  | 'amountRange'
  | 'amountStep'
  | 'termInvalid'
  | 'purposeInvalid'
  | 'consentRequired'
  | 'bankNameRequired'
  | 'bankNameTooLong';

export type ApplicationProblem = ValidationKey | LoanRuleKey;
export type ApplicationProblems = Partial<Record<keyof LoanApplication, ApplicationProblem>>;

/** The amount against the rates: a number of yuan, inside the range, on the step. */
export function checkAmount(amount: string, rates: LoanRates): LoanRuleKey | null {
  const fen = toFen(amount);
  const min = toFen(rates.min_amount)!;
  const max = toFen(rates.max_amount)!;
  const step = toFen(rates.amount_step)!;
  if (fen === null || fen === 0) return 'amountInvalid';
  if (fen < min || fen > max) return 'amountRange';
  return (fen - min) % step === 0 ? null : 'amountStep';
}

export function termRate(rates: LoanRates, term: number) {
  return rates.terms.find((offer) => offer.term === term) ?? null;
}

function bankNameProblem(name: string): ApplicationProblem | null {
  if (validateRequired(name)) return 'bankNameRequired';
  if (name.trim().length > BANK_NAME_MAX_LENGTH) return 'bankNameTooLong';
  return validateFreeText(name);
}

/**
 * A rule's answer in words, in `locale`: loan rules speak of the rates' range and step, field
 * rules of the field. The apply form and the server's refusal say the same sentence.
 */
export function applicationProblemText(problem: ApplicationProblem, rates: LoanRates, locale: Locale = 'en'): string {
  const params = {
    min: formatMoney(rates.min_amount),
    max: formatMoney(rates.max_amount),
    step: formatMoney(rates.amount_step),
    max_length: BANK_NAME_MAX_LENGTH,
  };
  return problem in loanMessages.en
    ? translator(loanMessages, locale)(problem as LoanMessageKey, params)
    : translator(validationMessages, locale)(problem as ValidationKey);
}

/** Every rule of an application, field by field: used by the apply form and by the server. */
export function checkApplication(application: Partial<LoanApplication>, rates: LoanRates): ApplicationProblems {
  const problems: ApplicationProblems = {};
  // Stryker disable next-line StringLiteral: any text that is not a number is refused as no amount is.
  const amount = checkAmount(String(application.amount ?? ''), rates);
  if (amount) problems.amount = amount;
  if (!termRate(rates, Number(application.term))) problems.term = 'termInvalid';
  if (!application.purpose || !rates.purposes.includes(application.purpose)) problems.purpose = 'purposeInvalid';
  const realName = validateRealName(application.real_name ?? '');
  if (realName) problems.real_name = realName;
  const idCard = validateIdCard(application.id_card ?? '');
  if (idCard) problems.id_card = idCard;
  const bankCard = validateBankCard(application.bank_card ?? '');
  if (bankCard) problems.bank_card = bankCard;
  const bankName = bankNameProblem(application.bank_name ?? '');
  if (bankName) problems.bank_name = bankName;
  if (application.agree_contract !== true) problems.agree_contract = 'consentRequired';
  return problems;
}
