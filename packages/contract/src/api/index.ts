import type { HttpClient } from './transport';
import { autopay, cancelAutopay, consoleAutopayRun, setAutopayPaused, signAutopay, consoleAutopay } from './autopay';
import * as calls from './console';
import * as operators from './operator-accounts';
import * as reconciliation from './reconciliation';
import { actOnRelease, releases } from './releases';
import { dailyReport } from './reports';
import * as loan from './loan';
import * as news from './news';
import * as portfolio from './portfolio';
import * as upload from './upload';
import * as user from './user';

export * from './admin';
export * from './agreements';
export * from './autopay';
export * from './console';
export * from './endpoints';
export * from './envelope';
export * from './transport';
export * from './types/common';
export * from './types/loan';
export * from './types/news';
export * from './types/portfolio';
export * from './types/upload';
export * from './types/user';
export * from './loan';
export * from './news';
export * from './operator-accounts';
export * from './portfolio';
export * from './reconciliation';
export * from './releases';
export * from './reports';
export * from './telemetry';
export * from './underwriting';
export * from './upload';
export * from './user';

type Bound<F> = F extends (http: HttpClient, ...rest: infer A) => infer R ? (...rest: A) => R : never;
type BoundModule<M> = { [K in keyof M]: Bound<M[K]> };

function bind<M extends Record<string, (http: HttpClient, ...rest: never[]) => unknown>>(module: M, http: HttpClient): BoundModule<M> {
  const bound = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(module)) {
    bound[name] = (...rest: never[]) => call(http, ...rest);
  }
  return bound as BoundModule<M>;
}

/** Every call of SPEC §7 bound to one client: what pages reach through `useApi()` (@instalment/ui/facade). */
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

/**
 * Every console call the operator screens make, bound to the console's client and grouped by
 * what they work on: what screens reach through `useConsoleApi()` (@instalment/ui/console). Signing
 * in and out stay with the console host's session (`ops/src/host/createConsoleHost.ts`).
 */
export function createConsoleApi(http: HttpClient) {
  return {
    loans: bind(
      {
        list: calls.consoleLoans,
        view: calls.consoleLoan,
        approve: calls.approveLoan,
        reject: calls.rejectLoan,
        askDisbursement: calls.askDisbursement,
        payee: calls.loanPayee,
      },
      http,
    ),
    proofs: bind({ list: calls.consoleProofs, askConfirm: calls.askProofConfirm, reject: calls.rejectProof, file: calls.proofFile }, http),
    payments: bind(
      {
        list: calls.consolePayments,
        differences: reconciliation.paymentDifferences,
        askRefund: reconciliation.askDifferenceRefund,
        closeDifference: reconciliation.closeDifference,
        askApply: reconciliation.askDifferenceApply,
        autopayRun: consoleAutopayRun,
      },
      http,
    ),
    approvals: bind({ list: calls.consoleApprovals, approve: calls.approveApproval, decline: calls.declineApproval }, http),
    borrowers: bind(
      {
        search: calls.searchBorrowers,
        one: calls.consoleBorrower,
        askCreditLimit: calls.askCreditLimit,
        autopay: consoleAutopay,
        setAutopayPaused,
      },
      http,
    ),
    news: bind(
      {
        list: calls.consoleNews,
        draft: calls.draftArticle,
        publish: calls.publishArticle,
        unpublish: calls.unpublishArticle,
        uploadCover: calls.uploadNewsCover,
      },
      http,
    ),
    settings: bind({ read: calls.consoleSettings, askChange: calls.askSettingChange }, http),
    reports: bind({ queues: calls.consoleQueues, overdue: calls.consoleOverdue, daily: dailyReport, export: calls.exportFile }, http),
    releases: bind({ view: releases, act: actOnRelease }, http),
    operators: bind(
      {
        list: operators.consoleOperators,
        create: operators.createOperator,
        changeRoles: operators.changeOperatorRoles,
        disable: operators.disableOperator,
        enable: operators.enableOperator,
        unlock: operators.unlockOperator,
        resetTotp: operators.resetOperatorTotp,
        beginEnrolment: operators.beginEnrolment,
        enrol: operators.enrol,
        changePassword: operators.changeOperatorPassword,
      },
      http,
    ),
    audit: bind({ list: calls.consoleAudit }, http),
  };
}

export type ConsoleApi = ReturnType<typeof createConsoleApi>;
