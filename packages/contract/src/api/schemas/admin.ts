import { Type } from '@sinclair/typebox';
import {
  ARTICLE_LIMITS,
  BANK_REF_MAX,
  CODE_LENGTH,
  MOBILE_LENGTH,
  NUMBER_MAX,
  PASSWORD_MAX,
  REAL_NAME_INPUT_MAX,
  REASON_MAX,
  Text,
  URL_MAX,
  USERNAME_MAX,
  WORD_MAX,
} from './bounds';
import { Id, Money, PageQuery } from './common';

/** The console's requests: shapes only; each value is judged beside its rule, which says what is wrong in the reader's language. */

/** POST /admin/api/auth/login. `totp`: the 6 digits of the operator's authenticator app. */
export const OperatorLoginRequest = Type.Object({ username: Text(USERNAME_MAX), password: Text(PASSWORD_MAX), totp: Text(CODE_LENGTH) });
export const ReasonRequest = Type.Object({ reason: Text(REASON_MAX) });
/** A checker's decision on an approval: the reason is optional (an approval is often posted with no body). */
export const DecisionRequest = Type.Object({ reason: Type.Optional(Text(REASON_MAX)) });
export const BankRefRequest = Type.Object({ bank_ref: Text(BANK_REF_MAX) });
export const CreditRequest = Type.Object({ limit: Money });
export const SettingRequest = Type.Object({ value: Type.Unknown() });
/** An article's text in one language: all three, or all left blank when it is not written in that language. */
export const ArticleText = Type.Object({
  title: Text(ARTICLE_LIMITS.title),
  summary: Text(ARTICLE_LIMITS.summary),
  content: Text(ARTICLE_LIMITS.content),
});
/**
 * POST /admin/api/news: a draft, published later by `publish`, written in Chinese, English or
 * both (one at least, each whole); the app shows the reader's language, else the other.
 * `cover`: the `url` the cover upload answered, an illustration's path, or an allowed https image.
 */
export const NewsDraftRequest = Type.Object({
  'zh-CN': Type.Optional(ArticleText),
  en: Type.Optional(ArticleText),
  author: Text(ARTICLE_LIMITS.author),
  cover: Type.Optional(Text(URL_MAX)),
});

export const StatusQuery = Type.Composite([PageQuery, Type.Object({ status: Type.Optional(Text(WORD_MAX)) })]);
export const MobileQuery = Type.Object({ mobile: Text(MOBILE_LENGTH) });
/** A borrower search: a name, a phone or its last digits, an ID number's last 4 to 6 characters, or an order number. */
export const BorrowerSearchQuery = Type.Object({ q: Text(REAL_NAME_INPUT_MAX) });
export const IdParams = Type.Object({ id: Id });
export const OrderParams = Type.Object({ order_no: Text(NUMBER_MAX) });
export const SettingParams = Type.Object({ key: Text(WORD_MAX) });
/** An operator's username in a path: the length of any username the console accepts. */
export const OperatorParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }) });
