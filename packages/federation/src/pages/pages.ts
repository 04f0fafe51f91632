import type { NewsItem, NewsPage } from '@instalment/contract/api';
import { DEFAULT_PAGE_SIZE, ENDPOINTS } from '@instalment/contract/api/endpoints';
import type { TitleKey } from '@instalment/contract/i18n';
import { PATHS } from '@instalment/contract/paths';
import remotes from './remotes.json';

/**
 * The app's pages, one owner: every route of SPEC §2 with the remote and exposed module that
 * draws it, its title, tab and header rules. The shell's route table and preloading, the home
 * page, each remote's standalone harness and every in-page link are built from here.
 * (Remote names and their packages live in remotes.json, which the build scripts read too.)
 */
export type RemoteName = keyof typeof remotes;
export const REMOTE_NAMES = Object.keys(remotes) as RemoteName[];
/**
 * A remote as a host's config.json names it: one of the repository's (`RemoteName`, drawing
 * SPEC §2's rows) or any other a team deploys, whose manifest publishes its pages; adding or
 * removing one is an edit of config.json, not a host release.
 */
export type ContainerName = string;
/** The npm workspace (and folder) that builds a remote. */
export const remotePackage = (remote: RemoteName): string => remotes[remote];

export type TabKey = 'home' | 'repay' | 'mine';

/** A module a remote exposes (its webpack `exposes` key). */
export interface Exposed {
  remote: ContainerName;
  module: string;
}

/**
 * The shape a page's content takes while its code loads (PageSkeleton in the shell): drawn by
 * index.html's first paint, then by the shell until the page arrives, so nothing moves between.
 */
export type SkeletonShape = 'list' | 'form' | 'detail';

/**
 * A GET a page makes as it opens, which the host page's inline script starts before any bundle
 * (shell/src/early/inline.js); the page's own call then takes that answer instead of asking again
 * (@instalment/host-sdk/http). Only calls whose successful answer reads the same in every language
 * belong here: an answer that is not a success is asked for again, in the reader's language. A
 * parameter named in `fromQuery` is the route's query parameter of that name; the call is started
 * only when the route's query holds exactly those, so a visit that arrives with more (a payment's
 * outcome to confirm first) waits for its page. A call that no longer matches what the page asks
 * costs one request and nothing else.
 */
export interface OpeningCall {
  endpoint: string;
  params?: Readonly<Record<string, string | number>>;
  fromQuery?: readonly string[];
  /**
   * The image the page draws first (its largest paint), where the answer names it: field `field`
   * of the first item that has one in the list `list` of the answer's data. The inline script
   * fetches it as soon as the answer is in, not once the page has drawn.
   */
  firstImage?: Readonly<{ list: string; field: string }>;
}

export interface PageDef {
  path: string;
  title: TitleKey;
  /** Where the page lives: a remote's exposed module, or the shell's own home page. */
  page: Exposed | 'home';
  tab?: TabKey;
  /** The page draws its own navigation bar (no default header). */
  customNav?: boolean;
  pullDownRefresh?: boolean;
  needsLogin?: boolean;
  /** Without one, a generic shape (as for a page a remote publishes that this table lacks). */
  skeleton?: SkeletonShape;
  opensWith?: readonly OpeningCall[];
}

const account = (module: string): Exposed => ({ remote: 'mf_account', module });
const loan = (module: string): Exposed => ({ remote: 'mf_loan', module });
const payment = (module: string): Exposed => ({ remote: 'mf_payment', module });
const news = (module: string): Exposed => ({ remote: 'mf_news', module });

/** What the pages that open with calls ask first (their first page of a list: page 1, the default size). */
const FIRST_PAGE = { page: 1, limit: DEFAULT_PAGE_SIZE } as const;
/** The news list's largest paint: its first cover. */
const FIRST_COVER = { list: 'list', field: 'cover' } as const satisfies { list: keyof NewsPage; field: keyof NewsItem };
const APPLY_CALLS = [{ endpoint: ENDPOINTS.loanRates }, { endpoint: ENDPOINTS.credit }] as const;
const MY_LOANS_CALLS = [{ endpoint: ENDPOINTS.myLoans, params: FIRST_PAGE }] as const;

/**
 * SPEC §2, row by row (as uni-app's pages.json), named by what each page is. Rows the spec lists
 * twice (/pages/loan/* and /pages/borrowing/*) open the same exposed page; each keeps its own
 * pull-down setting.
 */
export const PAGES = {
  home: { path: PATHS.home, title: 'home', page: 'home', tab: 'home' },
  homeIndex: { path: PATHS.homeIndex, title: 'home', page: 'home', tab: 'home' },
  repayments: {
    path: PATHS.repayments,
    title: 'repayments',
    page: payment('./Repayments'),
    skeleton: 'list',
    tab: 'repay',
    needsLogin: true,
    opensWith: [{ endpoint: ENDPOINTS.dueLoans }],
  },
  profile: { path: PATHS.profile, title: 'mine', page: account('./Profile'), skeleton: 'detail', tab: 'mine' },
  login: { path: PATHS.login, title: 'login', page: account('./Login'), skeleton: 'form', customNav: true },
  register: { path: PATHS.register, title: 'register', page: account('./Register'), skeleton: 'form', customNav: true },
  // The account self-service pages (issue 17), beside the spec's rows.
  resetPassword: { path: PATHS.resetPassword, title: 'resetPassword', page: account('./ResetPassword'), skeleton: 'form', customNav: true },
  security: { path: PATHS.security, title: 'security', page: account('./Security'), skeleton: 'list', needsLogin: true },
  editProfile: { path: PATHS.editProfile, title: 'editProfile', page: account('./EditProfile'), skeleton: 'form', needsLogin: true },
  changeMobile: { path: PATHS.changeMobile, title: 'changeMobile', page: account('./ChangeMobile'), skeleton: 'form', needsLogin: true },
  terms: { path: PATHS.terms, title: 'terms', page: account('./Terms'), skeleton: 'detail' },
  privacy: { path: PATHS.privacy, title: 'privacy', page: account('./Privacy'), skeleton: 'detail' },
  userInfo: { path: PATHS.userInfo, title: 'userinfo', page: account('./UserInfo'), skeleton: 'detail', needsLogin: true },
  apply: { path: PATHS.apply, title: 'apply', page: loan('./Apply'), skeleton: 'form', needsLogin: true, opensWith: APPLY_CALLS },
  overdueImpact: { path: PATHS.overdueImpact, title: 'impact', page: loan('./OverdueImpact'), skeleton: 'detail' },
  repayProofUpload: { path: PATHS.repayProofUpload, title: 'upload', page: payment('./ProofUpload'), skeleton: 'form', needsLogin: true },
  myLoans: {
    path: PATHS.myLoans,
    title: 'myLoans',
    page: loan('./MyLoans'),
    skeleton: 'list',
    needsLogin: true,
    opensWith: MY_LOANS_CALLS,
  },
  contract: { path: PATHS.contract, title: 'contract', page: loan('./Contract'), skeleton: 'detail', needsLogin: true },
  loanDetail: {
    path: PATHS.loanDetail,
    title: 'loanDetail',
    page: loan('./LoanDetail'),
    skeleton: 'detail',
    pullDownRefresh: true,
    needsLogin: true,
  },
  borrowingLoans: {
    path: PATHS.borrowingLoans,
    title: 'myLoans',
    page: loan('./MyLoans'),
    skeleton: 'list',
    pullDownRefresh: true,
    needsLogin: true,
    opensWith: MY_LOANS_CALLS,
  },
  borrowingDetail: { path: PATHS.borrowingDetail, title: 'loanDetail', page: loan('./LoanDetail'), skeleton: 'detail', needsLogin: true },
  borrowingContract: { path: PATHS.borrowingContract, title: 'contract', page: loan('./Contract'), skeleton: 'detail', needsLogin: true },
  borrowingApply: {
    path: PATHS.borrowingApply,
    title: 'apply',
    page: loan('./Apply'),
    skeleton: 'form',
    needsLogin: true,
    opensWith: APPLY_CALLS,
  },
  borrowingMyLoans: {
    path: PATHS.borrowingMyLoans,
    title: 'myLoans',
    page: loan('./MyLoans'),
    skeleton: 'list',
    needsLogin: true,
    opensWith: MY_LOANS_CALLS,
  },
  borrowingImpact: { path: PATHS.borrowingImpact, title: 'impact', page: loan('./OverdueImpact'), skeleton: 'detail' },
  settlement: { path: PATHS.settlement, title: 'settlement', page: loan('./Settlement'), skeleton: 'detail', needsLogin: true },
  repay: {
    path: PATHS.repay,
    title: 'repay',
    page: payment('./Repay'),
    skeleton: 'form',
    needsLogin: true,
    opensWith: [{ endpoint: ENDPOINTS.installments, fromQuery: ['order_no'] }],
  },
  cashier: { path: PATHS.cashier, title: 'cashier', page: payment('./Cashier'), skeleton: 'form', needsLogin: true },
  proofUpload: { path: PATHS.proofUpload, title: 'upload', page: payment('./ProofUpload'), skeleton: 'form', needsLogin: true },
  // Issue 52's automatic repayment, beside the spec's rows.
  autopay: { path: PATHS.autopay, title: 'autopay', page: payment('./Autopay'), skeleton: 'detail', needsLogin: true },
  newsList: {
    path: PATHS.newsList,
    title: 'newsList',
    page: news('./NewsList'),
    skeleton: 'list',
    pullDownRefresh: true,
    opensWith: [{ endpoint: ENDPOINTS.newsIndex, params: FIRST_PAGE, firstImage: FIRST_COVER }],
  },
  newsDetail: {
    path: PATHS.newsDetail,
    title: 'newsDetail',
    page: news('./NewsDetail'),
    skeleton: 'detail',
    pullDownRefresh: true,
    opensWith: [{ endpoint: ENDPOINTS.newsDetail, fromQuery: ['id'] }],
  },
} as const satisfies Record<string, PageDef>;

export type PageName = keyof typeof PAGES;

/** The route table, in SPEC §2's order. */
export const ROUTES: readonly PageDef[] = Object.values(PAGES);

/** The home page's widgets, each its own remote's exposed module, in the order they are shown. */
export const HOME_WIDGETS = {
  loan: loan('./HomeLoanWidget'),
  news: news('./LatestNews'),
} as const satisfies Record<string, Exposed>;

export const TABS: ReadonlyArray<{ key: TabKey; path: string; title: TitleKey }> = [
  { key: 'home', path: PAGES.home.path, title: 'home' },
  { key: 'repay', path: PAGES.repayments.path, title: 'repayments' },
  { key: 'mine', path: PAGES.profile.path, title: 'mine' },
];

export function findPage(path: string): PageDef | undefined {
  const normalised = path === '' ? '/' : path.startsWith('/') ? path : `/${path}`;
  return ROUTES.find((route) => route.path === normalised);
}

/**
 * What a visit opening on `path` needs from the remotes first: home's widgets for home (and for
 * a path the app does not know, which lands on home), else the page's own module. The shell
 * preloads these, and its page's inline script starts them even before the shell has loaded.
 */
export function openingExposes(path: string): Exposed[] {
  const page = findPage(path)?.page;
  return !page || page === 'home' ? Object.values(HOME_WIDGETS) : [page];
}

/**
 * What the host page's inline script (shell/src/early/inline.js) needs to start a route's code
 * before the shell has loaded, as plain data.
 */
export interface OpeningTable {
  /** openingExposes of every route: route → [remote, module] pairs. */
  exposes: Record<string, Array<[ContainerName, string]>>;
  /** The routes a visitor without a session is sent from to `login`. */
  needsLogin: string[];
  login: string;
  /** Each route's opening calls (`opensWith`), for the routes that have any. */
  calls: Record<string, readonly OpeningCall[]>;
}

export function openingTable(): OpeningTable {
  return {
    exposes: Object.fromEntries(
      ROUTES.map((route) => [route.path, openingExposes(route.path).map(({ remote, module }) => [remote, module])]),
    ),
    needsLogin: ROUTES.filter((route) => route.needsLogin).map((route) => route.path),
    login: PAGES.login.path,
    calls: Object.fromEntries(ROUTES.flatMap((route) => (route.opensWith ? [[route.path, route.opensWith]] : []))),
  };
}

/** Every route a remote draws, with its exposed module, and its home widgets at '/'. */
export function routesOf(remote: ContainerName): Array<{ path: string; module: string }> {
  const pages = ROUTES.flatMap((route) =>
    route.page !== 'home' && route.page.remote === remote ? [{ path: route.path, module: route.page.module }] : [],
  );
  const widgets = Object.values(HOME_WIDGETS).filter((widget) => widget.remote === remote);
  return [...widgets.map((widget) => ({ path: PAGES.home.path, module: widget.module })), ...pages];
}

/**
 * A remote's webpack `exposes`, read from this table and the pages the remote adds: each page at
 * `src/pages/<Module>.tsx`, each home widget at `src/widgets/<Module>.tsx`, one exposed module
 * (and chunk) per page (DESIGN §2). Rows the spec lists twice expose their page once.
 */
export function exposesOf(remote: ContainerName, extras: ReadonlyArray<{ module: string }> = []): Record<string, string> {
  const widgets = new Set(Object.values(HOME_WIDGETS).map((widget) => widget.module));
  return Object.fromEntries(
    [...routesOf(remote), ...extras].map(({ module }) => [
      module,
      `./src/${widgets.has(module) ? 'widgets' : 'pages'}/${module.slice(2)}.tsx`,
    ]),
  );
}
