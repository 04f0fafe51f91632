/**
 * Every page's address, by the page's name: the one owner of SPEC §2's paths. The page table
 * (`pages.ts`) gives each row its path from here; a link needs only this small module, so a
 * widget's chunk does not carry the whole table.
 */
export const PATHS = {
  home: '/',
  homeIndex: '/pages/index/index',
  repayments: '/pages/repay/repay',
  profile: '/pages/profile/profile',
  login: '/pages/login/login',
  register: '/pages/register/register',
  resetPassword: '/pages/login/resetpwd',
  security: '/pages/profile/security',
  editProfile: '/pages/profile/edit',
  changeMobile: '/pages/profile/mobile',
  terms: '/pages/agreement/terms',
  privacy: '/pages/agreement/privacy',
  userInfo: '/pages/profile/userinfo',
  apply: '/pages/loan/apply',
  overdueImpact: '/pages/overdue/impact',
  repayProofUpload: '/pages/repay/upload',
  myLoans: '/pages/loan/loan',
  contract: '/pages/loan/contract',
  loanDetail: '/pages/loan/detail',
  borrowingLoans: '/pages/borrowing/loan',
  borrowingDetail: '/pages/borrowing/detail',
  borrowingContract: '/pages/borrowing/contract',
  borrowingApply: '/pages/borrowing/apply',
  borrowingMyLoans: '/pages/borrowing/myloans',
  borrowingImpact: '/pages/borrowing/impact',
  settlement: '/pages/borrowing/settlement',
  repay: '/pages/payment/repay',
  cashier: '/pages/payment/cashier',
  proofUpload: '/pages/payment/upload',
  autopay: '/pages/payment/autopay',
  newsList: '/pages/news/list',
  newsDetail: '/pages/news/detail',
} as const;
