import type { ContractClause, ContractInfo, LoanRates } from '@instalment/shared/api';
import { maskBankCard, maskIdCard } from '@instalment/shared/format';
import { calendarDate, formatMoney, formatRate, fromFen, priceAprBp } from '@instalment/shared/loan';
import { iso } from '../context';
import { LENDER } from '../db/catalogue';
import type { LoanRow } from './loans';

const TITLE = 'Consumer Instalment Loan Contract';

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
function templateTerms(rates: LoanRates): Terms {
  const rateRange = (pick: (offer: LoanRates['terms'][number]) => number) => {
    const values = rates.terms.map(pick);
    return `${formatRate(Math.min(...values))} to ${formatRate(Math.max(...values))} per month, according to the term chosen`;
  };
  return {
    amount: `the amount the Borrower applies for, from ${formatMoney(rates.min_amount)} to ${formatMoney(rates.max_amount)}`,
    term: `the term the Borrower chooses (${rates.terms.map((offer) => offer.term).join(', ')} months)`,
    rate: rateRange((offer) => offer.monthly_rate_bp),
    fee: rateRange((offer) => offer.monthly_fee_bp),
    penalty: formatRate(rates.overdue_daily_penalty_bp),
    apr: `${formatRate(Math.min(...rates.terms.map((offer) => offer.apr_bp)))} to ${formatRate(Math.max(...rates.terms.map((offer) => offer.apr_bp)))} a year, according to the term chosen`,
    account: "the bank card in the Borrower's own name given in the application",
    firstDue: 'one month after the loan is disbursed',
  };
}

function clauses(terms: Terms): ContractClause[] {
  return [
    {
      title: '1. Loan amount and purpose',
      body: `The Lender agrees to lend the Borrower ${terms.amount}. The Borrower shall use the loan only for the personal consumption purpose stated in the application and not for buying securities, futures or real estate, nor for any unlawful purpose.`,
    },
    {
      title: '2. Term and repayment',
      body: `The loan runs for ${terms.term}. It is repaid in equal monthly instalments of principal and interest; the first instalment falls due ${terms.firstDue} and each later instalment on the same day of the following months (the last day of a shorter month). The repayment schedule shown in the app forms part of this contract.`,
    },
    {
      title: '3. Interest and service fee',
      body: `Interest accrues at ${terms.rate} on the principal outstanding. A service fee of ${terms.fee} of the original amount is charged with every instalment. The annual percentage rate, counting interest and fees, is ${terms.apr}. The Lender has shown the Borrower the total cost of the loan, including the annualised rate, before signing.`,
    },
    {
      title: '4. Disbursement',
      body: `Once the application is approved, the Lender pays the loan into ${terms.account}. The loan is deemed disbursed when the Lender's payment instruction is executed.`,
    },
    {
      title: '5. Early repayment',
      body: 'The Borrower may repay one or more instalments before they fall due, in order, at no extra charge, or repay the whole loan at any time. Interest is charged only for the time the principal was outstanding: repaying the whole loan costs the principal not yet repaid, what is unpaid of the instalments already due, and interest since the last due date at the monthly rate × 12 / 365 a day; no interest or fee is charged for months not yet begun.',
    },
    {
      title: '6. Late payment',
      body: `An instalment not paid by the end of its due date is overdue from the following day. A penalty of ${terms.penalty} per day of the overdue instalment's principal and interest accrues until it is paid. The Lender may report overdue payments to the credit reference centre of the People's Bank of China and to other lawfully established credit reference agencies.`,
    },
    {
      title: "7. The Borrower's undertakings",
      body: 'The Borrower confirms that the information given in the application is true, complete and their own, and shall inform the Lender within 7 days of any change to their phone number, address, employment or bank card.',
    },
    {
      title: '8. Personal information',
      body: "The Borrower authorises the Lender to collect, store and use the Borrower's personal information to assess, grant and manage the loan, and to query and report credit information, as permitted by the Personal Information Protection Law of the People's Republic of China.",
    },
    {
      title: '9. Disputes',
      body: "This contract is governed by the laws of the People's Republic of China. Disputes are first settled by negotiation; failing that, either party may bring proceedings before the people's court of the place where the Lender is registered.",
    },
    {
      title: '10. Effect',
      body: 'This contract is concluded electronically. It takes effect when the Borrower confirms it in the app and the Lender approves the application, and ends when every amount owed under it has been paid.',
    },
  ];
}

/** Without a loan: the template the apply page shows before the Borrower signs. */
export function contractTemplate(rates: LoanRates): ContractInfo {
  return {
    contract_no: null,
    order_no: null,
    title: TITLE,
    lender: { ...LENDER },
    borrower: null,
    amount: null,
    term: null,
    monthly_rate_bp: null,
    monthly_fee_bp: null,
    apr_bp: null,
    repayment_method: rates.repayment_method,
    signed_at: null,
    clauses: clauses(templateTerms(rates)),
  };
}

/** The contract a loan was signed under, with its own figures. */
export function loanContract(loan: LoanRow, rates: LoanRates): ContractInfo {
  const apr = priceAprBp(loan.amount_fen, loan.term, loan.monthly_rate_bp, loan.monthly_fee_bp);
  return {
    contract_no: `HT${loan.order_no.slice(1)}`,
    order_no: loan.order_no,
    title: TITLE,
    lender: { ...LENDER },
    borrower: { role: 'Borrower', name: loan.real_name, id: maskIdCard(loan.id_card) },
    amount: fromFen(loan.amount_fen),
    term: loan.term,
    monthly_rate_bp: loan.monthly_rate_bp,
    monthly_fee_bp: loan.monthly_fee_bp,
    apr_bp: apr,
    repayment_method: rates.repayment_method,
    signed_at: iso(loan.created_at),
    clauses: clauses({
      amount: formatMoney(fromFen(loan.amount_fen)),
      term: `${loan.term} months`,
      rate: `${formatRate(loan.monthly_rate_bp)} per month`,
      fee: `${formatRate(loan.monthly_fee_bp)} per month`,
      penalty: formatRate(loan.penalty_bp),
      apr: `${formatRate(apr)} a year`,
      account: `the Borrower's ${loan.bank_name} card ${maskBankCard(loan.bank_card)}`,
      firstDue:
        loan.approved_at === null
          ? 'one month after the loan is disbursed'
          : `one month after disbursement on ${calendarDate(loan.approved_at)}`,
    }),
  };
}
