/** Every path of SPEC §7, owned here: the client calls them and the server routes them. */
export * as ENDPOINTS from './endpoint-paths';

/** Development-only routes of the reference server (only with DEV_ROUTES=1, never in production). */
export const DEV_ENDPOINTS = {
  /** GET ?mobile=: the SMS codes and autopay notices "sent", newest first (`SmsOutboxEntry` or `OutboxNotice`). */
  smsOutbox: '/dev/sms-outbox',
  /** POST { mobile }: every token of that user expires now. */
  expireTokens: '/dev/expire-tokens',
  /** POST { order_no, decision: 'approve' | 'reject' }: the review of a pending application. */
  reviewLoan: '/dev/review-loan',
  /** POST { order_no, days, minutes? }: moves a loan's dates into the past so instalments fall overdue. */
  ageLoan: '/dev/age-loan',
  /** POST { voucher_id, decision: 'approve' | 'reject' }: the review of a payment proof. */
  reviewProof: '/dev/review-voucher',
  /** POST { job: 'autopay' }: runs that background job now (the due-date charge, as its hour had come); answers when done. */
  runJob: '/dev/run-job',
  /** POST { advance_ms }: this API process's clock moves forward (`ClockRequest`). */
  clock: '/dev/clock',
} as const;

/** Routes of the reference server's sandbox payment gateway (outside the SPEC §7 API). */
export const SANDBOX_ENDPOINTS = {
  payPage: '/sandbox/pay',
  confirm: '/sandbox/pay/confirm',
  /** The sandbox's signing page of a withholding agreement, and its form. */
  agreementPage: '/sandbox/agreement',
  agreementConfirm: '/sandbox/agreement/confirm',
} as const;

/** Where payment gateways call the server back (outside the SPEC §7 API: they answer in the gateway's terms). */
export const GATEWAY_ENDPOINTS = {
  /** Alipay's asynchronous notify (form post, answered `success` or `fail`). */
  alipayNotify: '/api/pay/alipay/notify',
  /** Alipay's withholding agreement notifies (`dut_user_sign`, `dut_user_unsign`), answered like the payment notify. */
  alipayAgreementNotify: '/api/pay/alipay/agreement-notify',
} as const;

export * from '../paging';

/** Name of the request header that carries the token (SPEC §6). */
export const TOKEN_HEADER = 'token';
