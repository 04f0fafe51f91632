import { defineMessages } from './locale';

/**
 * Sentences both the API and the app say: the server in its answer's `msg`, the app on its own
 * screen once the call is done. One owner, so the two never drift apart in either language.
 */
export const outcomeMessages = defineMessages({
  en: {
    passwordReset: 'Your password has been reset. Log in with the new one.',
    phoneChanged: 'Your phone number has been changed.',
    remindersOff: 'Due reminders by SMS are off.',
    profileSaved: 'Your profile has been saved.',
    overdueBlocksApplying: 'You have an overdue instalment. Repay it before applying for a new loan.',
    openLoansBlockClosing:
      'Your account cannot be closed yet: loan {orders} is still in review or being repaid. Close it once every loan is settled or rejected.',
    accountClosed: 'Your account has been closed. Your loan records are kept for the period the law requires.',
  },
  'zh-CN': {
    passwordReset: '密码已重置，请使用新密码登录。',
    phoneChanged: '手机号已更换。',
    remindersOff: '还款短信提醒已关闭。',
    profileSaved: '个人资料已保存。',
    overdueBlocksApplying: '您有逾期未还的分期，请先还款再申请新的借款。',
    openLoansBlockClosing: '暂时无法注销账户：借款 {orders} 仍在审核或还款中。请在所有借款结清或被拒后再注销。',
    accountClosed: '您的账户已注销。借款记录将按法律要求的期限保存。',
  },
});
