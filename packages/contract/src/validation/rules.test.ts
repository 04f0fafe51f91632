import {
  validateBankCard,
  validateCode,
  validateEmail,
  validateFreeText,
  validateIdCard,
  validateOperatorUsername,
  validateOptionalEmail,
  validatePassword,
  validatePhone,
  validateRealName,
  type Rule,
} from './rules';
import { validationMessage } from './messages';

type Table = Array<[string, ReturnType<Rule>]>;

const cases: Array<[string, Rule, Table]> = [
  [
    'phone',
    validatePhone,
    [
      ['13812345678', null],
      ['19912345678', null],
      ['', 'phoneRequired'],
      ['12812345678', 'phoneInvalid'],
      ['1381234567', 'phoneInvalid'],
      ['138123456789', 'phoneInvalid'],
      ['23812345678', 'phoneInvalid'],
      ['1381234567a', 'phoneInvalid'],
    ],
  ],
  [
    'id card',
    validateIdCard,
    [
      ['110101199003071234', null],
      ['11010119900307123X', null],
      ['11010119900307123x', null],
      ['440301200002290011', null],
      ['', 'idCardRequired'],
      ['010101199003071234', 'idCardInvalid'],
      ['110101179003071234', 'idCardInvalid'],
      ['110101219003071234', 'idCardInvalid'],
      ['110101199013071234', 'idCardInvalid'],
      ['110101199000071234', 'idCardInvalid'],
      ['110101199002301234', 'idCardInvalid'],
      ['440301190002290011', 'idCardInvalid'],
      ['110101199004311234', 'idCardInvalid'],
      ['11010119900307123', 'idCardInvalid'],
      ['11010119900307123Y', 'idCardInvalid'],
      ['1101011990030712345', 'idCardInvalid'],
    ],
  ],
  [
    'e-mail',
    validateEmail,
    [
      ['name@example.com', null],
      ['a.b+c@mail.example.cn', null],
      ['', 'emailRequired'],
      ['name@', 'emailInvalid'],
      ['@example.com', 'emailInvalid'],
      ['name@example', 'emailInvalid'],
      ['na me@example.com', 'emailInvalid'],
    ],
  ],
  [
    'optional e-mail',
    validateOptionalEmail,
    [
      ['', null],
      ['x@y.cn', null],
      ['x@y', 'emailInvalid'],
    ],
  ],
  [
    'bank card',
    validateBankCard,
    [
      ['6222020200112233', null],
      ['6222020200112233445', null],
      ['', 'bankCardRequired'],
      ['622202020011223', 'bankCardInvalid'],
      ['62220202001122334455', 'bankCardInvalid'],
      ['6222 0202 0011 2233', 'bankCardInvalid'],
    ],
  ],
  [
    'password',
    validatePassword,
    [
      ['abc123', null],
      ['Abc@123456', null],
      ['a1@$!%*#?&', null],
      ['', 'passwordRequired'],
      ['ab12', 'passwordInvalid'],
      ['abcdefgh', 'passwordInvalid'],
      ['12345678', 'passwordInvalid'],
      ['abc 123', 'passwordInvalid'],
      ['abc123^', 'passwordInvalid'],
      ['a1' + 'x'.repeat(19), 'passwordInvalid'],
    ],
  ],
  [
    'verification code',
    validateCode,
    [
      ['1234', null],
      ['123456', null],
      ['', 'codeRequired'],
      ['123', 'codeInvalid'],
      ['1234567', 'codeInvalid'],
      ['12a4', 'codeInvalid'],
    ],
  ],
  [
    'real name',
    validateRealName,
    [
      ['Li Lei', null],
      ['李雷', null],
      ["O'Brien-Smith", null],
      ['', 'realNameRequired'],
      ['Li\r\nLei', 'realNameInvalid'],
      ['Li\tLei', 'realNameInvalid'],
    ],
  ],
  [
    'free text',
    validateFreeText,
    [
      ['', null],
      ['Bank of China 中国银行 <b>', null],
      ['a\u0000b', 'textUnsafe'],
      ['line\nbreak', 'textUnsafe'],
      ['cr\r', 'textUnsafe'],
      ['\u0085next line', 'textUnsafe'],
      ['\u007f', 'textUnsafe'],
      ['abc\u202Egpj.exe', 'textUnsafe'],
      ['\u2066isolate\u2069', 'textUnsafe'],
      ['\u200Fmark', 'textUnsafe'],
      ['\u061Carabic mark', 'textUnsafe'],
    ],
  ],
  [
    'operator username',
    validateOperatorUsername,
    [
      ['adm2', null],
      ['adm.ops-2', null],
      ['ops_3.night', null],
      ['', 'required'],
      ['adm2.', 'operatorUsernameInvalid'],
      ['adm2-', 'operatorUsernameInvalid'],
      ['adm2_', 'operatorUsernameInvalid'],
      ['adm..2', 'operatorUsernameInvalid'],
      ['adm.-2', 'operatorUsernameInvalid'],
      ['.adm2', 'operatorUsernameInvalid'],
      ['2adm', 'operatorUsernameInvalid'],
      ['Adm2', 'operatorUsernameInvalid'],
      ['ad', 'operatorUsernameInvalid'],
      [`a${'b'.repeat(32)}`, 'operatorUsernameInvalid'],
      ['adm2\n', 'operatorUsernameInvalid'],
    ],
  ],
];

describe.each(cases)('%s rule', (_name, rule, table) => {
  test.each(table)('%p → %p', (value, expected) => {
    expect(rule(value)).toBe(expected);
  });
});

test('every answer has a message in both languages', () => {
  expect(validationMessage('phoneInvalid')).toMatch(/11-digit/);
  expect(validationMessage('phoneInvalid', 'zh-CN')).toMatch(/11位/);
  expect(validationMessage('textUnsafe')).toMatch(/control or text-direction/);
  expect(validationMessage('textUnsafe', 'zh-CN')).toMatch(/控制字符/);
});
