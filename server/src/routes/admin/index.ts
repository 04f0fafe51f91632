import type { RoutePlugin } from '../deps';
import { consoleActions } from './act';
import { consoleApprovalRoutes } from './approvals';
import { consoleAuditRoutes } from './audit';
import { consoleAutopayRoutes } from './autopay';
import { consoleAuthRoutes } from './auth';
import { consoleExportRoutes } from './exports';
import { consoleGuard } from './guard';
import { consoleLoanRoutes } from './loans';
import { consoleNewsRoutes } from './news';
import { consoleOperatorRoutes } from './operators';
import { consoleReconciliationRoutes } from './reconciliation';
import { consoleReleaseRoutes } from './releases';
import { consoleReportRoutes } from './reports';
import { consoleUserRoutes } from './users';
import { consoleProofRoutes } from './proofs';

/**
 * The operations console's API (`/admin/api`), one encapsulated plugin: its hooks (`guard.ts`)
 * authenticate, check roles and write the audit for every route declared in it.
 */
export const adminRoutes: RoutePlugin = async (scope, deps) => {
  scope.decorateRequest('operator', null);
  scope.decorateRequest('operatorToken', null);
  scope.decorateRequest('audit', null as never);
  consoleGuard(scope, deps);
  const admin = { ...deps, ...consoleActions(deps) };
  consoleAuthRoutes(scope, admin);
  consoleLoanRoutes(scope, admin);
  consoleProofRoutes(scope, admin);
  consoleReconciliationRoutes(scope, admin);
  consoleAutopayRoutes(scope, admin);
  consoleReportRoutes(scope, admin);
  consoleApprovalRoutes(scope, admin);
  consoleUserRoutes(scope, admin);
  consoleOperatorRoutes(scope, admin);
  consoleNewsRoutes(scope, admin);
  consoleAuditRoutes(scope, admin);
  consoleExportRoutes(scope, admin);
  consoleReleaseRoutes(scope, admin);
};
