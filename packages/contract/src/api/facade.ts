import { autopay, cancelAutopay, signAutopay } from './autopay';
import * as loan from './loan';
import * as news from './news';
import * as portfolio from './portfolio';
import * as upload from './upload';
import * as user from './user';
import { bind } from './bound';
import type { HttpClient } from './transport';

/**
 * The borrower's calls of SPEC §7 bound to one client: what pages reach through `useApi()`
 * (@instalment/ui/facade). The console's are in ./console-facade.ts, out of a borrower page's chunk.
 */
export function createApi(http: HttpClient) {
  return {
    user: bind(user, http),
    loan: bind(loan, http),
    news: bind(news, http),
    portfolio: bind(portfolio, http),
    upload: bind(upload, http),
    // The borrower's calls only: the module's run of a job is a development route.
    autopay: bind({ autopay, signAutopay, cancelAutopay }, http),
  };
}

export type Api = ReturnType<typeof createApi>;
