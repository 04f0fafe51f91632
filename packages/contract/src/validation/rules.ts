import type { ValidationKey } from './messages';

/**
 * SPEC §5, one owner: forms use these on blur and submit, the server on every request.
 * A rule answers null when the value is valid, else the key of the message that explains why.
 */
export type Rule = (value: string) => ValidationKey | null;

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const BANK_CARD = /^\d{16,19}$/;
const PASSWORD_CHARS = /^[A-Za-z\d@$!%*#?&]{6,20}$/;
const CODE = /^\d{4,6}$/;
/** Region (first digit 1-9) · year 18xx-20xx · month · day · sequence · check character. */
const ID_CARD = /^[1-9]\d{5}(18|19|20)(\d{2})(\d{2})(\d{2})\d{3}[\dXx]$/;
// A space, not \s: a name never holds a line break or a tab.
const REAL_NAME = /^[\p{L}·. '-]{2,30}$/u;
/**
 * Control characters (C0, DEL, C1) and the invisible marks that reorder displayed text (bidi
 * embeddings, overrides, isolates and marks): in stored text they forge what others are shown.
 */
const UNSAFE_TEXT = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const blank = (value: string) => value.trim() === '';

export const validatePhone: Rule = (value) => (blank(value) ? 'phoneRequired' : PHONE.test(value) ? null : 'phoneInvalid');

export const validateEmail: Rule = (value) => (blank(value) ? 'emailRequired' : EMAIL.test(value) ? null : 'emailInvalid');

/** E-mail where the field may be left empty (registration). */
export const validateOptionalEmail: Rule = (value) => (blank(value) ? null : validateEmail(value));

export const validateBankCard: Rule = (value) => (blank(value) ? 'bankCardRequired' : BANK_CARD.test(value) ? null : 'bankCardInvalid');

export const validatePassword: Rule = (value) => {
  if (value === '') return 'passwordRequired';
  if (!PASSWORD_CHARS.test(value)) return 'passwordInvalid';
  return /[A-Za-z]/.test(value) && /\d/.test(value) ? null : 'passwordInvalid';
};

/**
 * An operator's username: 3–32 characters, groups of lower-case letters and digits joined by one
 * `.`, `_` or `-` each, starting with a letter and ending with neither (`adm2.` is not `adm2`).
 * The server's schema, the console's form (an HTML `pattern`, hence the escaped dash) and the
 * command line all judge by it.
 */
export const OPERATOR_USERNAME_PATTERN = '^(?=.{3,32}$)[a-z][a-z0-9]*(?:[._\\-][a-z0-9]+)*$';
const OPERATOR_USERNAME = new RegExp(OPERATOR_USERNAME_PATTERN, 'u');

export const validateOperatorUsername: Rule = (value) =>
  blank(value) ? 'required' : OPERATOR_USERNAME.test(value) ? null : 'operatorUsernameInvalid';

export const validateCode: Rule = (value) => (blank(value) ? 'codeRequired' : CODE.test(value) ? null : 'codeInvalid');

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export const validateIdCard: Rule = (value) => {
  if (blank(value)) return 'idCardRequired';
  const match = ID_CARD.exec(value);
  if (!match) return 'idCardInvalid';
  const year = Number(match[1] + match[2]);
  const month = Number(match[3]);
  const day = Number(match[4]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return 'idCardInvalid';
  return null;
};

/**
 * The ages the product lends to: 18, full civil capacity under the Civil Code (art. 17), to 60,
 * past which an instalment plan may outlast the borrower's working income.
 */
export const BORROWER_AGE = { min: 18, max: 60 } as const;

/** Full years on `day` ('YYYY-MM-DD') of the person an ID number names, born on the date it carries; null for an invalid number. */
export function ageOnIdCard(idCard: string, day: string): number | null {
  if (validateIdCard(idCard) !== null) return null;
  const born = idCard.slice(6, 14);
  const [year, month, date] = day.split('-');
  const years = Number(year) - Number(born.slice(0, 4));
  return `${month}${date}` < born.slice(4) ? years - 1 : years;
}

export const isBorrowerAge = (age: number) => age >= BORROWER_AGE.min && age <= BORROWER_AGE.max;

export const validateRealName: Rule = (value) =>
  blank(value) ? 'realNameRequired' : REAL_NAME.test(value.trim()) ? null : 'realNameInvalid';

/** Account for password login: a username or a phone. */
export const validateAccount: Rule = (value) => (blank(value) ? 'accountRequired' : value.length > 32 ? 'accountInvalid' : null);

export const validateRequired: Rule = (value) => (blank(value) ? 'required' : null);

/** Any free text a user writes (bank name, remark, nickname…), empty or not. */
export const validateFreeText: Rule = (value) => (UNSAFE_TEXT.test(value) ? 'textUnsafe' : null);

/** The longest bank name the contract and the statements can print. */
export const BANK_NAME_MAX_LENGTH = 50;
export const NICKNAME_MAX = 30;
export const BIO_MAX = 200;
/** The longest remark a payment proof keeps (the reviewer reads it beside the receipt); the wire's bound is read from it. */
export const PROOF_REMARK_MAX_LENGTH = 200;

/** A nickname is shown to the user everywhere: present, short, free of forging characters. */
export const validateNickname: Rule = (value) =>
  blank(value) ? 'nicknameRequired' : [...value.trim()].length > NICKNAME_MAX ? 'nicknameTooLong' : validateFreeText(value);

/** A bio may be empty. */
export const validateBio: Rule = (value) => ([...value].length > BIO_MAX ? 'bioTooLong' : validateFreeText(value));
