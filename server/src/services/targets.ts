/**
 * How audit rows and approvals name what they are about: a loan, a transfer proof, a borrower. Read
 * by the services that write them and by the ones that look them up, so it lives apart from both.
 */
export const loanTarget = (orderNo: string) => `loan:${orderNo}`;
export const voucherTarget = (id: number) => `voucher:${id}`;
export const userTarget = (id: number) => `user:${id}`;
