import type { ApprovalKind, ApprovalStatus, AuditEntry, InstalmentStatus, VoucherStatus } from '@instalment/contract/api';
import { useLocale } from '@instalment/host-sdk/host';
import { defineMessages, translator } from '@instalment/contract/i18n';
import { loanMessages } from '@instalment/contract/loan';

/**
 * The console's codes in words, one catalogue for the host's pages and the remotes' pages: what
 * the audit log records (`action_…`), how it ended, what waits for a second operator and in which
 * state, and a gateway payment's state. Proofs and instalments read as the borrower's app says them.
 */
export const opsWords = defineMessages({
  en: {
    'action_auth.login': 'Signed in',
    'action_auth.logout': 'Signed out',
    'action_auth.me': 'Session checked',
    'action_queues.read': 'Queues read',
    'action_loans.list': 'Loans listed',
    'action_loans.view': 'Loan viewed',
    'action_loan.approve': 'Loan approved',
    'action_loan.reject': 'Loan rejected',
    'action_loan.disburse.ask': 'Disbursement asked for',
    'action_vouchers.list': 'Proofs listed',
    'action_voucher.file': 'Proof image opened',
    'action_voucher.confirm.ask': 'Proof confirmation asked for',
    'action_voucher.reject': 'Proof rejected',
    'action_payments.list': 'Payments listed',
    'action_differences.list': 'Differences listed',
    'action_difference.refund.ask': 'Refund asked for',
    'action_difference.apply': 'Difference applied to instalments',
    'action_difference.close': 'Difference closed',
    'action_users.lookup': 'Borrower looked up',
    'action_credit.limit.ask': 'Credit line change asked for',
    'action_settings.read': 'Settings read',
    'action_setting.ask': 'Setting change asked for',
    'action_news.list': 'News listed',
    'action_news.draft': 'Article drafted',
    'action_news.publish': 'Article published',
    'action_news.unpublish': 'Article taken down',
    'action_approvals.list': 'Approvals listed',
    'action_approval.approve': 'Change approved',
    'action_approval.decline': 'Change declined',
    'action_audit.read': 'Audit log read',
    'action_reports.overdue': 'Overdue report read',
    'action_reports.daily': 'Daily report read',
    'action_export.loans': 'Loans exported',
    'action_export.payments': 'Payments exported',
    'action_export.overdue': 'Overdue report exported',
    'action_export.audit': 'Audit log exported',
    'action_operators.list': 'Operators listed',
    'action_operator.create': 'Operator created',
    'action_operator.roles': 'Operator roles changed',
    'action_operator.disable': 'Operator disabled',
    'action_operator.unlock': 'Operator unlocked',
    'action_operator.reset-totp': 'Authenticator secret renewed',
    outcome_done: 'Done',
    outcome_refused: 'Refused',
    'kind_loan.disburse': 'Disburse a loan',
    'kind_voucher.confirm': 'Confirm a transfer proof',
    'kind_credit.limit': 'Change a credit line',
    'kind_setting.loan_rates': 'Change the loan rates',
    'kind_setting.payment_channels': 'Change the payment channels',
    'kind_setting.bank_info': 'Change the receiving account',
    'kind_difference.refund': 'Refund a payment difference',
    'kind_operator.roles': "Change an operator's roles",
    approval_awaiting: 'Awaiting',
    approval_approved: 'Approved',
    approval_declined: 'Declined',
    payment_open: 'Open',
    payment_paid: 'Paid',
    payment_superseded: 'Replaced by a newer payment',
    payment_void: 'Void (settled otherwise)',
    payment_repriced: 'Repriced',
    age_minutes: '{n} min ago',
    age_hours: '{n} h ago',
    age_days: '{n} d ago',
  },
  'zh-CN': {
    'action_auth.login': '登录',
    'action_auth.logout': '退出',
    'action_auth.me': '核验会话',
    'action_queues.read': '查看待办',
    'action_loans.list': '查看借款列表',
    'action_loans.view': '查看借款',
    'action_loan.approve': '批准借款',
    'action_loan.reject': '拒绝借款',
    'action_loan.disburse.ask': '申请放款',
    'action_vouchers.list': '查看凭证列表',
    'action_voucher.file': '查看凭证图片',
    'action_voucher.confirm.ask': '申请确认凭证',
    'action_voucher.reject': '驳回凭证',
    'action_payments.list': '查看还款记录',
    'action_differences.list': '查看差异款',
    'action_difference.refund.ask': '申请退款',
    'action_difference.apply': '差异款抵扣后续分期',
    'action_difference.close': '关闭差异款',
    'action_users.lookup': '查询借款人',
    'action_credit.limit.ask': '申请调整额度',
    'action_settings.read': '查看设置',
    'action_setting.ask': '申请修改设置',
    'action_news.list': '查看资讯列表',
    'action_news.draft': '起草资讯',
    'action_news.publish': '发布资讯',
    'action_news.unpublish': '下架资讯',
    'action_approvals.list': '查看复核列表',
    'action_approval.approve': '批准变更',
    'action_approval.decline': '驳回变更',
    'action_audit.read': '查看操作日志',
    'action_reports.overdue': '查看逾期报表',
    'action_reports.daily': '查看日报',
    'action_export.loans': '导出借款',
    'action_export.payments': '导出还款记录',
    'action_export.overdue': '导出逾期报表',
    'action_export.audit': '导出操作日志',
    'action_operators.list': '查看操作员',
    'action_operator.create': '创建操作员',
    'action_operator.roles': '修改操作员角色',
    'action_operator.disable': '停用操作员',
    'action_operator.unlock': '解锁操作员',
    'action_operator.reset-totp': '重置验证器密钥',
    outcome_done: '已完成',
    outcome_refused: '已拒绝',
    'kind_loan.disburse': '放款',
    'kind_voucher.confirm': '确认转账凭证',
    'kind_credit.limit': '调整额度',
    'kind_setting.loan_rates': '修改借款利率',
    'kind_setting.payment_channels': '修改收款渠道',
    'kind_setting.bank_info': '修改收款账户',
    'kind_difference.refund': '退还差异款',
    'kind_operator.roles': '修改操作员角色',
    approval_awaiting: '待复核',
    approval_approved: '已批准',
    approval_declined: '已驳回',
    payment_open: '待支付',
    payment_paid: '已支付',
    payment_superseded: '已被新的支付取代',
    payment_void: '已作废（已另行结清）',
    payment_repriced: '已重新定价',
    age_minutes: '{n} 分钟前',
    age_hours: '{n} 小时前',
    age_days: '{n} 天前',
  },
});

type Word = keyof (typeof opsWords)['en'];

/** The console's codes in the chosen language; a code this catalogue does not know (the lists answer text) reads as it is. */
export function useOpsWords() {
  const locale = useLocale();
  const word = translator(opsWords, locale);
  const loan = translator(loanMessages, locale);
  const known = (prefix: 'action_' | 'payment_', code: string) =>
    `${prefix}${code}` in opsWords.en ? word(`${prefix}${code}` as Word) : code;
  return {
    action: (code: string) => known('action_', code),
    outcome: (outcome: AuditEntry['outcome']) => word(`outcome_${outcome}`),
    kind: (kind: ApprovalKind) => word(`kind_${kind}`),
    approvalStatus: (status: ApprovalStatus) => word(`approval_${status}`),
    paymentStatus: (status: string) => known('payment_', status),
    voucherStatus: (status: VoucherStatus) => loan(`voucher_${status}`),
    instalmentStatus: (status: InstalmentStatus) => loan(`instalment_${status}`),
    /** How long ago `iso` was, in whole minutes, hours or days: how long a queue's item has waited. */
    age: (iso: string, now = Date.now()) => {
      const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
      if (minutes < 60) return word('age_minutes', { n: minutes });
      if (minutes < 24 * 60) return word('age_hours', { n: Math.floor(minutes / 60) });
      return word('age_days', { n: Math.floor(minutes / (24 * 60)) });
    },
  };
}
