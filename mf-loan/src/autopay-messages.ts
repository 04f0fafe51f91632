import { defineMessages } from '@instalment/contract/i18n';

/** What the loan's pages say of automatic repayment (issue 52); its own page is the payment remote's. */
export const autopayMessages = defineMessages({
  en: {
    repayAutomatically: 'Repay automatically',
    autopayOn: 'Autopay on',
    chargedAutomatically: 'charged automatically',
  },
  'zh-CN': {
    repayAutomatically: '自动还款',
    autopayOn: '自动还款已开通',
    chargedAutomatically: '自动扣款',
  },
});
