import type { ApiInstance, RouteDeps } from '../deps';
import { consoleDeps } from './act';
import { consoleApprovalRoutes } from './approvals';
import { consoleAuditRoutes } from './audit';
import { consoleAuthRoutes } from './auth';
import { consoleLoanRoutes } from './loans';
import { consoleNewsRoutes } from './news';
import { consoleUserRoutes } from './users';
import { consoleVoucherRoutes } from './vouchers';

/**
 * The operations console's API (`/admin/api`): every route behind an operator's token but login,
 * every action through `act` (the roles checked, the change and its audit entry in one write).
 */
export function adminRoutes(app: ApiInstance, deps: RouteDeps): void {
  const admin = consoleDeps(app, deps);
  consoleAuthRoutes(app, admin);
  consoleLoanRoutes(app, admin);
  consoleVoucherRoutes(app, admin);
  consoleApprovalRoutes(app, admin);
  consoleUserRoutes(app, admin);
  consoleNewsRoutes(app, admin);
  consoleAuditRoutes(app, admin);
}
