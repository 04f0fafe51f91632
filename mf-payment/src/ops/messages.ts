import { defineMessages } from '@instalment/shared/i18n';

/** The payment team's staff screens. */
export const opsPaymentMessages = defineMessages({
  en: {
    pending: 'Proofs waiting to be checked against the bank statement',
    confirm: 'Ask to confirm #{id}',
    reject: 'Reject #{id}',
    periods: 'Periods',
    remark: 'Remark',
    payments: 'Latest payments',
    paymentNo: 'Payment',
    channel: 'Channel',
    paid: 'Paid',
    channels: 'Payment channels offered at the cashier',
    bankInfo: 'The account borrowers transfer to',
  },
  'zh-CN': {
    pending: '待与银行流水核对的凭证',
    confirm: '发起确认 #{id}',
    reject: '驳回 #{id}',
    periods: '期次',
    remark: '备注',
    payments: '最近的还款',
    paymentNo: '支付单',
    channel: '渠道',
    paid: '到账时间',
    channels: '收银台提供的支付渠道',
    bankInfo: '借款人转账的收款账户',
  },
});
