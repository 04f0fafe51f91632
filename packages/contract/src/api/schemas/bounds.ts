import { Type } from '@sinclair/typebox';
import { BANK_NAME_MAX_LENGTH, BIO_MAX, NICKNAME_MAX, PROOF_REMARK_MAX_LENGTH } from '../../validation/rules';

/**
 * The most characters of each text a request may carry, and the most items of each list (issue
 * 36: 255,000-character usernames filled the audit log). The schema refuses anything longer
 * before a rule, a service or the audit log reads it.
 *
 * A text whose length a shared rule judges, and names in the reader's words, is bounded at twice
 * the rule's limit, so a near miss still hears the rule; the rest at their real length.
 */
const aboveRule = (ruleLimit: number) => 2 * ruleLimit;

/** Text of at most `maxLength` characters. */
export const Text = (maxLength: number) => Type.String({ maxLength });

/** A mainland mobile number: 11 digits. */
export const MOBILE_LENGTH = 11;
/** An SMS code (4 to 6 digits) or an authenticator's code (6). */
export const CODE_LENGTH = 6;
/** Any password typed into a login (a borrower's is 6 to 20 characters; an operator's may be a passphrase). */
export const PASSWORD_MAX = 128;
/** A borrower's username (3 to 32 characters) or an operator's. */
export const USERNAME_MAX = 64;
/** RFC 5321's longest address. */
export const EMAIL_MAX = 254;
/** An absolute link: a signed file link, a gateway's return page, an image on an allowed host. */
export const URL_MAX = 2048;
/** A word from a set the server knows: a status, an event, a purpose, a decision, a channel, a setting. */
export const WORD_MAX = 32;
/** A record's number: an order (`L` + date + 6 digits), a payment (`P` + date + 10 hex). */
export const NUMBER_MAX = 32;
/** Yuan with two decimals: the largest amount the product handles has 10 characters. */
export const MONEY_MAX = 16;
/** The longest loan offered, in months: a proof covers at most this many instalments. */
export const LONGEST_TERM = 60;
/** Every instalment of the longest loan as text, "1,2,…,60". */
export const PERIODS_TEXT_MAX = Array.from({ length: LONGEST_TERM }, (_unused, index) => index + 1).join(',').length;

export const NICKNAME_INPUT_MAX = aboveRule(NICKNAME_MAX);
export const BIO_INPUT_MAX = aboveRule(BIO_MAX);
export const REMARK_INPUT_MAX = aboveRule(PROOF_REMARK_MAX_LENGTH);
export const BANK_NAME_INPUT_MAX = aboveRule(BANK_NAME_MAX_LENGTH);
/** A name as on an ID card (2 to 30 letters). */
export const REAL_NAME_INPUT_MAX = aboveRule(30);
/** An ID card number (18 characters). */
export const ID_CARD_INPUT_MAX = aboveRule(18);
/** A bank card number (16 to 19 digits). */
export const BANK_CARD_INPUT_MAX = aboveRule(19);

/** Why staff turned something down or decided as they did: the borrower or the maker reads it. */
export const REASON_MAX = 500;
/** A bank's reference of a transfer: CNAPS and SWIFT references are at most 35 characters. */
export const BANK_REF_MAX = 64;
/** What an audit entry is about, e.g. `loan:L20260115123456`. */
export const TARGET_MAX = 160;

/** A news article: a headline that fits a list row, a teaser, the HTML text, the byline. */
export const ARTICLE_LIMITS = { title: 120, summary: 300, content: 50_000, author: 64 } as const;

/** A configured payment channel or receiving account, as an operator sets it. */
export const CHANNEL_LIMITS = { channels: 20, code: WORD_MAX, name: 64, description: 500 } as const;
export const BANK_INFO_LIMITS = { accountName: 100, accountNo: 34, branch: 100, remarkHint: 200 } as const;
