/** The app routes these pages link to (SPEC §2); the shell's route table owns which page opens. */
export const PATHS = {
  apply: '/pages/loan/apply',
  myLoans: '/pages/loan/loan',
  detail: '/pages/loan/detail',
  contract: '/pages/loan/contract',
  impact: '/pages/overdue/impact',
  settlement: '/pages/borrowing/settlement',
  repay: '/pages/payment/repay',
  cashier: '/pages/payment/cashier',
  upload: '/pages/payment/upload',
} as const;
