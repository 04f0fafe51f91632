import { REJECT_REASON_CODES } from '@instalment/contract/api';
import { rejectionText, rejectReasonLabel } from './reject-reasons';

test('every reason of the picklist has words in both languages', () => {
  for (const code of REJECT_REASON_CODES) {
    expect(rejectReasonLabel(code, 'en')).not.toBe(`reject_${code}`);
    expect(rejectReasonLabel(code, 'zh-CN')).not.toBe(rejectReasonLabel(code, 'en'));
  }
});

test('the borrower reads the reason in their language, then the reviewer’s words', () => {
  expect(rejectionText('over_credit_line', null, 'en')).toBe('The amount is over your credit line');
  expect(rejectionText('over_credit_line', '  ', 'zh-CN')).toBe('借款金额超过您的额度');
  expect(rejectionText('other', 'Call us first.', 'zh-CN')).toBe('其他原因：Call us first.');
  expect(rejectionText('other', 'Call us first.', 'en')).toBe('Another reason: Call us first.');
});

test('a rejection from before the picklist keeps its words, and none reads as none', () => {
  expect(rejectionText(null, 'Income could not be verified.', 'zh-CN')).toBe('Income could not be verified.');
  expect(rejectionText(null, '', 'en')).toBeNull();
  expect(rejectionText(null, null, 'en')).toBeNull();
});
