import type { ContractClause, ContractInfo, LoanRates } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import { translator } from '@instalment/contract/i18n';
import { contractMessages, type ContractMessageKey } from '../i18n/contract';
import { calendarDate, formatMoney, formatRate, fromFen, priceAprBp } from '@instalment/contract/loan';
import { iso } from '../runtime/context';
import { LENDER_ID } from '../db/catalogue';
import type { LoanRow } from './loans';
import type { MaskedIdentity } from './masked-identity';

type Say = ReturnType<typeof translator<ContractMessageKey>>;

interface Terms {
  amount: string;
  term: string;
  rate: string;
  fee: string;
  penalty: string;
  apr: string;
  account: string;
  firstDue: string;
}

/** The template's wording for what a signed contract states in figures. */
function templateTerms(rates: LoanRates, t: Say): Terms {
  const range = (key: 'templateRange' | 'templateApr', pick: (offer: LoanRates['terms'][number]) => number) => {
    const values = rates.terms.map(pick);
    return t(key, { low: formatRate(Math.min(...values)), high: formatRate(Math.max(...values)) });
  };
  return {
    amount: t('templateAmount', { min: formatMoney(rates.min_amount), max: formatMoney(rates.max_amount) }),
    term: t('templateTerm', { terms: rates.terms.map((offer) => offer.term).join(', ') }),
    rate: range('templateRange', (offer) => offer.monthly_rate_bp),
    fee: range('templateRange', (offer) => offer.monthly_fee_bp),
    penalty: formatRate(rates.overdue_daily_penalty_bp),
    apr: range('templateApr', (offer) => offer.apr_bp),
    account: t('templateAccount'),
    firstDue: t('firstDueLater'),
  };
}

const CLAUSES = [
  ['clause1', 'clause1Body'],
  ['clause2', 'clause2Body'],
  ['clause3', 'clause3Body'],
  ['clause4', 'clause4Body'],
  ['clause5', 'clause5Body'],
  ['clause6', 'clause6Body'],
  ['clause7', 'clause7Body'],
  ['clause8', 'clause8Body'],
  ['clause9', 'clause9Body'],
  ['clause10', 'clause10Body'],
] as const satisfies ReadonlyArray<readonly [ContractMessageKey, ContractMessageKey]>;

function clauses(terms: Terms, t: Say): ContractClause[] {
  return CLAUSES.map(([title, body]) => ({ title: t(title), body: t(body, { ...terms }) }));
}

function lender(t: Say): ContractInfo['lender'] {
  return { role: t('roleLender'), name: t('lenderName'), id: LENDER_ID, address: t('lenderAddress') };
}

/** Without a loan: the template the apply page shows before the Borrower signs, in the reader's language. */
export function contractTemplate(rates: LoanRates, locale: Locale = 'en'): ContractInfo {
  const t = translator(contractMessages, locale);
  return {
    contract_no: null,
    order_no: null,
    title: t('title'),
    lender: lender(t),
    borrower: null,
    amount: null,
    term: null,
    monthly_rate_bp: null,
    monthly_fee_bp: null,
    apr_bp: null,
    repayment_method: rates.repayment_method,
    signed_at: null,
    clauses: clauses(templateTerms(rates, t), t),
  };
}

/** The contract a loan was signed under, with its own figures and days in the lender's time zone, in the reader's language. */
export function loanContract(loan: LoanRow, masked: MaskedIdentity, rates: LoanRates, zone: string, locale: Locale = 'en'): ContractInfo {
  const t = translator(contractMessages, locale);
  const apr = priceAprBp(loan.amount_fen, loan.term, loan.monthly_rate_bp, loan.monthly_fee_bp);
  return {
    contract_no: `HT${loan.order_no.slice(1)}`,
    order_no: loan.order_no,
    title: t('title'),
    lender: lender(t),
    borrower: { role: t('roleBorrower'), name: loan.real_name, id: masked.id_card },
    amount: fromFen(loan.amount_fen),
    term: loan.term,
    monthly_rate_bp: loan.monthly_rate_bp,
    monthly_fee_bp: loan.monthly_fee_bp,
    apr_bp: apr,
    repayment_method: rates.repayment_method,
    signed_at: iso(loan.created_at),
    clauses: clauses(
      {
        amount: formatMoney(fromFen(loan.amount_fen)),
        term: t('loanTerm', { n: loan.term }),
        rate: t('perMonth', { rate: formatRate(loan.monthly_rate_bp) }),
        fee: t('perMonth', { rate: formatRate(loan.monthly_fee_bp) }),
        penalty: formatRate(loan.penalty_bp),
        apr: t('perYear', { rate: formatRate(apr) }),
        account: t('loanAccount', { bank: loan.bank_name, card: masked.bank_card }),
        firstDue: loan.disbursed_at === null ? t('firstDueLater') : t('firstDueOn', { date: calendarDate(loan.disbursed_at, zone) }),
      },
      t,
    ),
  };
}
