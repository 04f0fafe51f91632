import type { CallOptions, HttpClient } from './transport';
import { DEFAULT_PAGE_SIZE, ENDPOINTS } from './endpoints';
import type {
  BankInfo,
  Cashier,
  CashierQuery,
  ContractInfo,
  CreditLine,
  InstalmentsResult,
  LoanApplication,
  LoanCreated,
  LoanDetail,
  MyLoansPage,
  MyLoansQuery,
  OfferedRates,
  OrderQuery,
  PaymentChannel,
  PaymentState,
  PayoffQuote,
  Proof,
  ProofRequest,
  WithdrawProofRequest,
} from './types/loan';

export const createLoan = (http: HttpClient, body: LoanApplication, options?: CallOptions) =>
  http.post<LoanCreated>(ENDPOINTS.loanCreate, body, options);

export const loanRates = (http: HttpClient, options?: CallOptions) => http.get<OfferedRates>(ENDPOINTS.loanRates, undefined, options);

export const myLoans = (http: HttpClient, query: MyLoansQuery = {}, options?: CallOptions) =>
  http.get<MyLoansPage>(ENDPOINTS.myLoans, { page: query.page ?? 1, limit: query.limit ?? DEFAULT_PAGE_SIZE }, options);

export const orderDetail = (http: HttpClient, query: OrderQuery, options?: CallOptions) =>
  http.get<LoanDetail>(ENDPOINTS.orderDetail, query, options);

export const cashier = (http: HttpClient, query: CashierQuery, options?: CallOptions) =>
  http.get<Cashier>(ENDPOINTS.cashier, query, options);

export const uploadProof = (http: HttpClient, body: ProofRequest, options?: CallOptions) =>
  http.post<Proof>(ENDPOINTS.uploadProof, body, options);

export const bankInfo = (http: HttpClient, options?: CallOptions) => http.get<BankInfo>(ENDPOINTS.bankInfo, undefined, options);

export const contractInfo = (http: HttpClient, query: OrderQuery = {}, options?: CallOptions) =>
  http.get<ContractInfo>(ENDPOINTS.contractInfo, query, options);

export const installments = (http: HttpClient, query: { order_no: string }, options?: CallOptions) =>
  http.get<InstalmentsResult>(ENDPOINTS.installments, query, options);

export const channels = (http: HttpClient, options?: CallOptions) => http.get<PaymentChannel[]>(ENDPOINTS.channels, undefined, options);

export const payoff = (http: HttpClient, query: { order_no: string }, options?: CallOptions) =>
  http.get<PayoffQuote>(ENDPOINTS.payoff, query, options);

export const credit = (http: HttpClient, options?: CallOptions) => http.get<CreditLine>(ENDPOINTS.credit, undefined, options);

export const withdrawProof = (http: HttpClient, body: WithdrawProofRequest, options?: CallOptions) =>
  http.post<Proof>(ENDPOINTS.withdrawProof, body, options);

export const paymentState = (http: HttpClient, query: { payment_no: string }, options?: CallOptions) =>
  http.get<PaymentState>(ENDPOINTS.paymentState, query, options);
