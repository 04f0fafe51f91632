import { defineMessages, translator, type Locale } from '@instalment/contract/i18n';

/** The messages of SPEC §5's rules (the spec shows none; these are ours). */
export const validationMessages = defineMessages({
  en: {
    required: 'This field is required.',
    phoneRequired: 'Enter your phone number.',
    phoneInvalid: 'Enter an 11-digit phone number starting with 13-19.',
    emailRequired: 'Enter your e-mail address.',
    emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
    bankCardRequired: 'Enter your bank card number.',
    bankCardInvalid: 'A bank card number has 16 to 19 digits.',
    passwordRequired: 'Enter a password.',
    passwordInvalid: 'Use 6-20 letters, digits or @$!%*#?&, with at least one letter and one digit.',
    passwordMismatch: 'The two passwords do not match.',
    accountNoMismatch: 'The two account numbers do not match.',
    codeRequired: 'Enter the verification code.',
    codeInvalid: 'The verification code has 4 to 6 digits.',
    idCardRequired: 'Enter your national ID card number.',
    idCardInvalid: 'Enter a valid 18-character ID card number (the last may be X).',
    realNameRequired: 'Enter your real name as on your ID card.',
    realNameInvalid: 'Enter your real name: 2 to 30 letters.',
    accountRequired: 'Enter your username or phone number.',
    accountInvalid: 'That username is too long.',
    textUnsafe: 'Remove the invisible control or text-direction characters from this text.',
    nicknameRequired: 'Enter a nickname.',
    nicknameTooLong: 'A nickname has at most 30 characters.',
    bioTooLong: 'A bio has at most 200 characters.',
    operatorUsernameInvalid:
      'A username is 3–32 lower-case letters and digits, starting with a letter; single dots, dashes or underscores may join them, never at the end.',
  },
  'zh-CN': {
    required: '此项为必填项。',
    phoneRequired: '请输入手机号。',
    phoneInvalid: '请输入以13-19开头的11位手机号。',
    emailRequired: '请输入邮箱。',
    emailInvalid: '请输入有效的邮箱，例如 name@example.com。',
    bankCardRequired: '请输入银行卡号。',
    bankCardInvalid: '银行卡号为16至19位数字。',
    passwordRequired: '请输入密码。',
    passwordInvalid: '密码为6-20位字母、数字或@$!%*#?&，且至少包含一个字母和一个数字。',
    passwordMismatch: '两次输入的密码不一致。',
    accountNoMismatch: '两次输入的账号不一致。',
    codeRequired: '请输入验证码。',
    codeInvalid: '验证码为4至6位数字。',
    idCardRequired: '请输入身份证号。',
    idCardInvalid: '请输入有效的18位身份证号（末位可为X）。',
    realNameRequired: '请输入与身份证一致的真实姓名。',
    realNameInvalid: '真实姓名为2至30个字。',
    accountRequired: '请输入用户名或手机号。',
    accountInvalid: '用户名过长。',
    textUnsafe: '请删除文本中不可见的控制字符或文字方向字符。',
    nicknameRequired: '请输入昵称。',
    nicknameTooLong: '昵称最多30个字。',
    bioTooLong: '个人简介最多200个字。',
    operatorUsernameInvalid: '用户名为 3–32 位小写字母和数字，以字母开头；中间可用单个点、短横线或下划线连接，但不能以它们结尾。',
  },
});

export type ValidationKey = keyof (typeof validationMessages)['en'];

/** The message of a rule's answer in a language (the server answers in English). */
export function validationMessage(key: ValidationKey, locale: Locale = 'en'): string {
  return translator(validationMessages, locale)(key);
}
