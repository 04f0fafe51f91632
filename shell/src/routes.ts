import type { TitleKey } from '@instalment/shared/i18n';

/** The remotes the shell loads at runtime; their URLs come from /config.json, never the build. */
export type RemoteName = 'mf_account' | 'mf_loan' | 'mf_payment' | 'mf_news';
export type TabKey = 'home' | 'repay' | 'mine';

export interface RouteDef {
  path: string;
  title: TitleKey;
  /** Where the page lives: a remote's exposed module, or the shell's own home page. */
  page: { remote: RemoteName; module: string } | 'home';
  tab?: TabKey;
  /** The page draws its own navigation bar (no default header). */
  customNav?: boolean;
  pullDownRefresh?: boolean;
  needsLogin?: boolean;
}

const account = (module: string) => ({ remote: 'mf_account' as const, module });
const loan = (module: string) => ({ remote: 'mf_loan' as const, module });
const payment = (module: string) => ({ remote: 'mf_payment' as const, module });
const news = (module: string) => ({ remote: 'mf_news' as const, module });

/**
 * SPEC §2, row by row (as uni-app's pages.json). Rows the spec lists twice (/pages/loan/* and
 * /pages/borrowing/*) open the same exposed page; each keeps its own pull-down setting.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: 'home', page: 'home', tab: 'home' },
  { path: '/pages/index/index', title: 'home', page: 'home', tab: 'home' },
  { path: '/pages/repay/repay', title: 'repayments', page: payment('./Repayments'), tab: 'repay', needsLogin: true },
  { path: '/pages/profile/profile', title: 'mine', page: account('./Profile'), tab: 'mine' },
  { path: '/pages/login/login', title: 'login', page: account('./Login'), customNav: true },
  { path: '/pages/register/register', title: 'register', page: account('./Register'), customNav: true },
  // Issue 17's self-service pages, after the spec's rows.
  { path: '/pages/login/resetpwd', title: 'resetPassword', page: account('./ResetPassword'), customNav: true },
  { path: '/pages/profile/security', title: 'security', page: account('./Security'), needsLogin: true },
  { path: '/pages/profile/edit', title: 'editProfile', page: account('./EditProfile'), needsLogin: true },
  { path: '/pages/profile/userinfo', title: 'userinfo', page: account('./UserInfo'), needsLogin: true },
  { path: '/pages/loan/apply', title: 'apply', page: loan('./Apply'), needsLogin: true },
  { path: '/pages/overdue/impact', title: 'impact', page: loan('./OverdueImpact') },
  { path: '/pages/repay/upload', title: 'upload', page: payment('./ProofUpload'), needsLogin: true },
  { path: '/pages/loan/loan', title: 'myLoans', page: loan('./MyLoans'), needsLogin: true },
  { path: '/pages/loan/contract', title: 'contract', page: loan('./Contract'), needsLogin: true },
  { path: '/pages/loan/detail', title: 'loanDetail', page: loan('./LoanDetail'), pullDownRefresh: true, needsLogin: true },
  { path: '/pages/borrowing/loan', title: 'myLoans', page: loan('./MyLoans'), pullDownRefresh: true, needsLogin: true },
  { path: '/pages/borrowing/detail', title: 'loanDetail', page: loan('./LoanDetail'), needsLogin: true },
  { path: '/pages/borrowing/contract', title: 'contract', page: loan('./Contract'), needsLogin: true },
  { path: '/pages/borrowing/apply', title: 'apply', page: loan('./Apply'), needsLogin: true },
  { path: '/pages/borrowing/myloans', title: 'myLoans', page: loan('./MyLoans'), needsLogin: true },
  { path: '/pages/borrowing/impact', title: 'impact', page: loan('./OverdueImpact') },
  { path: '/pages/borrowing/settlement', title: 'settlement', page: loan('./Settlement'), needsLogin: true },
  { path: '/pages/payment/repay', title: 'repay', page: payment('./Repay'), needsLogin: true },
  { path: '/pages/payment/cashier', title: 'cashier', page: payment('./Cashier'), needsLogin: true },
  { path: '/pages/payment/upload', title: 'upload', page: payment('./ProofUpload'), needsLogin: true },
  { path: '/pages/news/list', title: 'newsList', page: news('./NewsList'), pullDownRefresh: true },
  { path: '/pages/news/detail', title: 'newsDetail', page: news('./NewsDetail'), pullDownRefresh: true },
];

export const TABS: ReadonlyArray<{ key: TabKey; path: string; title: TitleKey }> = [
  { key: 'home', path: '/', title: 'home' },
  { key: 'repay', path: '/pages/repay/repay', title: 'repayments' },
  { key: 'mine', path: '/pages/profile/profile', title: 'mine' },
];

export const LOGIN_PATH = '/pages/login/login';

export function findRoute(path: string): RouteDef | undefined {
  const normalised = path === '' ? '/' : path.startsWith('/') ? path : `/${path}`;
  return ROUTES.find((route) => route.path === normalised);
}
