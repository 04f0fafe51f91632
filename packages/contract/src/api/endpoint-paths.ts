// Each path of SPEC §7 as its own binding, so a bundle keeps only the paths its calls reach
// (ENDPOINTS in ./endpoints.ts is this module's namespace: webpack follows `ENDPOINTS.x` to `x`).
export const loanCreate = '/api/loan/create';
export const loanRates = '/api/loan/rates';
export const myLoans = '/api/loan/myLoans';
export const orderDetail = '/api/loan/orderDetail';
export const cashier = '/api/loan/cashier';
export const uploadProof = '/api/loan/uploadVoucher';
export const bankInfo = '/api/loan/bankInfo';
export const contractInfo = '/api/loan/getContractInfo';
export const installments = '/api/loan/installments';
export const channels = '/api/loan/channels';
export const payoff = '/api/loan/payoff';
export const credit = '/api/loan/credit';
export const withdrawProof = '/api/loan/withdrawVoucher';
export const paymentState = '/api/loan/payment';
/** Across the signed-in borrower's loans, summed on the server (one request however many loans). */
export const dueLoans = '/api/loan/due';
export const overdueLoans = '/api/loan/overdue';
export const newsIndex = '/api/news/index';
export const newsDetail = '/api/news/detail';
export const newsLatest = '/api/news/latest';
export const upload = '/api/common/upload';
export const register = '/api/user/register';
export const mobileLogin = '/api/user/mobilelogin';
export const login = '/api/user/login';
export const smsSend = '/api/sms/send';
export const logout = '/api/user/logout';
export const userIndex = '/api/user/index';
export const resetPassword = '/api/user/resetpwd';
export const changePassword = '/api/user/changepwd';
export const changeMobile = '/api/user/changemobile';
export const profile = '/api/user/profile';
export const consents = '/api/user/consents';
export const reminders = '/api/user/reminders';
/** POST: a signed, short-lived link to the borrower's data archive (`dataExportFile`, which answers the zip to that link only). */
export const dataExport = '/api/user/export';
export const dataExportFile = '/api/user/export/file/:user';
/** GET: whether the account can be closed now; POST { captcha }: closes it. */
export const closeAccount = '/api/user/close';
/** A browser's reports of the pages it drew (`TelemetryBatch`, sent as text/plain by sendBeacon): no session. */
export const telemetry = '/api/telemetry';
/** GET: the borrower's withholding agreement; POST sign: Alipay's signing page; POST cancel: ends it. */
export const autopay = '/api/autopay';
export const autopaySign = '/api/autopay/sign';
export const autopayCancel = '/api/autopay/cancel';
