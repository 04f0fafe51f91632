import { defineMessages } from './locale';

/** Page titles of SPEC §2 (the route table names a key; header and page show the words). */
export const titleMessages = defineMessages({
  en: {
    home: 'home',
    repayments: 'my repayments',
    mine: 'mine',
    login: 'login',
    register: 'register',
    userinfo: 'my profile data',
    resetPassword: 'reset password',
    security: 'security settings',
    apply: 'apply for a loan',
    impact: 'overdue impact',
    upload: 'repayment proof upload',
    myLoans: 'my loans',
    contract: 'contract details',
    loanDetail: 'loan details',
    settlement: 'settlement certificate',
    repay: 'repay',
    cashier: 'cashier',
    newsList: 'platform news',
    newsDetail: 'news detail',
  },
  'zh-CN': {
    home: '首页',
    repayments: '我的还款',
    mine: '我的',
    login: '登录',
    register: '注册',
    userinfo: '我的资料',
    resetPassword: '重置密码',
    security: '安全设置',
    apply: '申请借款',
    impact: '逾期影响',
    upload: '还款凭证上传',
    myLoans: '我的借款',
    contract: '合同详情',
    loanDetail: '借款详情',
    settlement: '结清证明',
    repay: '还款',
    cashier: '收银台',
    newsList: '平台资讯',
    newsDetail: '资讯详情',
  },
});

export type TitleKey = keyof (typeof titleMessages)['en'];
