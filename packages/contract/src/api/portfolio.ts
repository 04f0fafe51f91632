import type { CallOptions, HttpClient } from './transport';
import { ENDPOINTS } from './endpoints';
import type { DueLoans, MyOverdueLoans } from './types/portfolio';

export const dueLoans = (http: HttpClient, options?: CallOptions) => http.get<DueLoans>(ENDPOINTS.dueLoans, undefined, options);

export const overdueLoans = (http: HttpClient, options?: CallOptions) =>
  http.get<MyOverdueLoans>(ENDPOINTS.overdueLoans, undefined, options);
