import { bind } from './bound';
import * as calls from './console';
import * as operators from './operator-accounts';
import * as reconciliation from './reconciliation';
import { actOnRelease, releases } from './releases';
import { dailyReport } from './reports';
import type { HttpClient } from './transport';

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
        autopayRun: calls.consoleAutopayRun,
      },
      http,
    ),
    approvals: bind({ list: calls.consoleApprovals, approve: calls.approveApproval, decline: calls.declineApproval }, http),
    borrowers: bind(
      {
        search: calls.searchBorrowers,
        one: calls.consoleBorrower,
        askCreditLimit: calls.askCreditLimit,
        autopay: calls.consoleAutopay,
        setAutopayPaused: calls.setAutopayPaused,
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
