import type { LoanApplication, LoanPurpose, OfferedRates } from '@instalment/contract/api';
import { calendarDate, checkAmount, computeSchedule, fromFen, type Schedule, termRate, toFen } from '@instalment/contract/loan';

/** The apply form as typed: every field a string until it is sent. */
export type Draft = {
  amount: string;
  term: string;
  purpose: string;
  real_name: string;
  id_card: string;
  bank_card: string;
  bank_name: string;
  agree_contract: boolean;
};

export type DraftField = keyof Draft;

/** In the order the form shows them, so the first invalid field is the one focused. */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'amount',
  'term',
  'purpose',
  'real_name',
  'id_card',
  'bank_card',
  'bank_name',
  'agree_contract',
];

export const EMPTY_DRAFT: Draft = {
  amount: '',
  term: '',
  purpose: '',
  real_name: '',
  id_card: '',
  bank_card: '',
  bank_name: '',
  agree_contract: false,
};

const noSpaces = (text: string) => text.replace(/\s+/g, '');

/** What the shared rules check and the server receives; card numbers are often typed in groups. */
export function toApplication(draft: Draft): LoanApplication {
  const fen = toFen(draft.amount.trim());
  return {
    amount: fen === null ? draft.amount.trim() : fromFen(fen),
    term: Number(draft.term),
    purpose: draft.purpose as LoanPurpose,
    real_name: draft.real_name.trim(),
    id_card: noSpaces(draft.id_card),
    bank_card: noSpaces(draft.bank_card),
    bank_name: draft.bank_name.trim(),
    agree_contract: draft.agree_contract,
  };
}

/** The schedule the applicant would get if the loan were disbursed today (the lender's day: `business_timezone`); null until amount and term are valid. */
export function previewSchedule(amountText: string, termText: string, rates: OfferedRates, now: number): Schedule | null {
  const amount = amountText.trim();
  const offer = termRate(rates, Number(termText));
  if (!offer || checkAmount(amount, rates)) return null;
  return computeSchedule({
    amountFen: toFen(amount)!,
    term: offer.term,
    monthlyRateBp: offer.monthly_rate_bp,
    monthlyFeeBp: offer.monthly_fee_bp,
    startDate: calendarDate(now, rates.business_timezone),
  });
}

/**
 * The draft survives a trip to the login page (a session that expired mid-form) for as long as
 * the tab lives: kept in this tab's sessionStorage, never in localStorage, and removed once the
 * application is sent.
 */
const DRAFT_KEY = 'instalment.applyDraft';

export function loadDraft(storage: Storage = window.sessionStorage): Draft {
  try {
    const saved = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!saved || typeof saved !== 'object') return EMPTY_DRAFT;
    const draft = { ...EMPTY_DRAFT };
    for (const field of DRAFT_FIELDS) {
      const value = saved[field];
      if (field === 'agree_contract') draft.agree_contract = value === true;
      else if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: Draft, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only costs the convenience of restoring the form.
  }
}

export function clearDraft(storage: Storage = window.sessionStorage): void {
  storage.removeItem(DRAFT_KEY);
}
