import { AGREEMENT_VERSIONS } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';

/** An agreement as the person reads it: sections of plain paragraphs. */
export interface Agreement {
  updated: string;
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
}

const TERMS_UPDATED = AGREEMENT_VERSIONS.terms;
const PRIVACY_UPDATED = AGREEMENT_VERSIONS.privacy;

const terms: Record<Locale, Agreement> = {
  en: {
    updated: TERMS_UPDATED,
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          'This app lets you apply for consumer instalment loans, follow their repayment schedule and repay them. Each loan is governed by its own loan contract, which you can read before you apply and at any time afterwards.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'You register with a mainland China mobile number that you control and prove with an SMS code. Keep your password to yourself; you can change it, reset it by SMS, or move the account to a new phone number in the app.',
          'One identity card belongs to one account. Applying with someone else’s identity or bank card is not allowed.',
        ],
      },
      {
        heading: '3. Cost of borrowing',
        paragraphs: [
          'Before you apply the app shows the monthly rate, any monthly fee and the annual percentage rate of each term, and the full repayment schedule. Interest is charged only for the time the money is borrowed: paying a loan off early costs the principal and the interest accrued until that day.',
          'An instalment paid late accrues the daily overdue penalty shown on the overdue impact page, from the day after it was due.',
        ],
      },
      {
        heading: '4. Repayment',
        paragraphs: [
          'You repay through the cashier or by bank transfer with a proof of payment. A payment settles exactly the instalments it names, at the amount shown when it is confirmed.',
        ],
      },
      {
        heading: '5. Contact',
        paragraphs: ['Questions about these terms or a loan: the customer service line shown on your loan contract.'],
      },
    ],
  },
  'zh-CN': {
    updated: TERMS_UPDATED,
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: ['本应用为您提供消费分期借款的申请、还款计划查询和还款服务。每笔借款以其借款合同为准，申请前及之后均可随时查看。'],
      },
      {
        heading: '二、您的账户',
        paragraphs: [
          '您需使用本人持有的中国大陆手机号注册，并通过短信验证码验证。请妥善保管密码；您可以在应用内修改密码、通过短信重置密码或更换手机号。',
          '一张身份证只能对应一个账户，不得使用他人的身份证或银行卡申请借款。',
        ],
      },
      {
        heading: '三、借款费用',
        paragraphs: [
          '申请前，应用会展示每个期限的月利率、月服务费（如有）和年化利率，以及完整的还款计划。利息只按实际借款时间计算：提前结清只需归还本金及截至当日的利息。',
          '逾期未还的分期自到期日次日起按逾期影响页面所示的日罚息计收。',
        ],
      },
      {
        heading: '四、还款',
        paragraphs: ['您可以通过收银台还款，或银行转账后上传还款凭证。每笔还款只结清其指定的分期，金额以确认时显示的金额为准。'],
      },
      {
        heading: '五、联系我们',
        paragraphs: ['对本协议或借款有疑问，请拨打借款合同上的客服电话。'],
      },
    ],
  },
};

const privacy: Record<Locale, Agreement> = {
  en: {
    updated: PRIVACY_UPDATED,
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Your mobile number and password (stored only as a salted hash); when you apply, your real name, identity card number and bank card; the proofs of payment you upload; and the loans and repayments you make.',
        ],
      },
      {
        heading: '2. Why',
        paragraphs: [
          'To run your account, assess and pay out the loans you apply for, collect repayments and meet our legal duties as a lender. We do not sell your data or use it for advertising.',
        ],
      },
      {
        heading: '3. How it is shown and kept',
        paragraphs: [
          'The app shows your phone, identity card and bank card masked. Uploaded proofs are readable only through links that expire. Nothing personal is stored in the browser beyond your session and, while you fill in an application, its draft in this tab.',
        ],
      },
      {
        heading: '4. Your choices',
        paragraphs: [
          'You can see and edit your profile, change your password or phone number, and log out of every device by changing your password. Ask customer service to close your account once no loan is outstanding.',
        ],
      },
    ],
  },
  'zh-CN': {
    updated: PRIVACY_UPDATED,
    sections: [
      {
        heading: '一、我们收集的信息',
        paragraphs: [
          '您的手机号和密码（仅保存加盐哈希）；申请借款时的真实姓名、身份证号和银行卡号；您上传的还款凭证；以及您的借款和还款记录。',
        ],
      },
      {
        heading: '二、使用目的',
        paragraphs: [
          '用于管理您的账户、审核和发放您申请的借款、收取还款并履行我们作为放贷机构的法定义务。我们不会出售您的信息，也不会将其用于广告。',
        ],
      },
      {
        heading: '三、展示与保存',
        paragraphs: [
          '应用中的手机号、身份证号和银行卡号均脱敏显示。上传的凭证只能通过会过期的链接查看。除登录状态以及填写申请时本标签页中的草稿外，浏览器中不保存任何个人信息。',
        ],
      },
      {
        heading: '四、您的权利',
        paragraphs: [
          '您可以查看和编辑个人资料、修改密码或更换手机号；修改密码会让其他设备上的登录全部退出。在没有未结清借款时，可联系客服注销账户。',
        ],
      },
    ],
  },
};

export const AGREEMENTS = { terms, privacy } as const;
export type AgreementName = keyof typeof AGREEMENTS;
