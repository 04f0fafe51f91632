import { defineMessages } from '@instalment/contract/i18n';

/** "mine"'s row for automatic repayment (issue 52): its label, and the agreement's state as its hint. */
export const autopayMessages = defineMessages({
  en: {
    autopay: 'Automatic repayment',
    autopay_none: 'off',
    autopay_pending: 'waiting for Alipay',
    autopay_active: 'on',
    autopay_ended: 'ended',
    autopay_failed: 'not signed',
  },
  'zh-CN': {
    autopay: '自动还款',
    autopay_none: '未开通',
    autopay_pending: '等待支付宝确认',
    autopay_active: '已开通',
    autopay_ended: '已关闭',
    autopay_failed: '签约未成功',
  },
});
