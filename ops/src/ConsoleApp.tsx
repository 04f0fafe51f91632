import { useCallback, useEffect, useMemo, useState } from 'react';
import { HashRouter, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { HostContext, useLocale, useT } from '@instalment/host-sdk/host';
import { loadExposed, RemoteView, useTimedLoad } from '@instalment/federation/loader';
import { mayRead, OPERATOR_ROLES, type AdminPermission } from '@instalment/contract/api';
import { consoleScreen, type OperatorInfo, type ConsolePageProps } from '@instalment/ui/console';
import type { ConsolePage } from '@instalment/federation/console-pages';
import type { ContainerName } from '@instalment/federation/pages';
import { ChangePassword, PASSWORD_PATH } from './sign-in/ChangePassword';
import { Enrol, ENROL_PATH } from './sign-in/Enrol';
import { createConsoleHost, type ConsoleHost } from './host/createConsoleHost';
import { Login } from './sign-in/Login';
import { mayOpen, readsOnly } from './may-open';
import { hostMessages } from './host/messages';
import type { HostPage, HostScreenProps } from './pages/pages';
import { consoleScreens, navigationOf, consolePagesOf, type ConsoleScreen } from './screens';
import { Approvals } from './pages/Approvals';
import { Audit } from './pages/Audit';
import { Operators } from './pages/Operators';
import { Queues } from './pages/Queues';
import { Reports } from './pages/Reports';
import { Releases } from './pages/Releases';
import { consoleUi, Toasts } from './Toasts';

const HOST_SCREENS: Record<HostPage['module'], (props: HostScreenProps) => React.JSX.Element> = {
  Queues: consoleScreen(Queues),
  Approvals: consoleScreen(Approvals),
  Reports: consoleScreen(Reports),
  Audit: consoleScreen(Audit),
  Operators: consoleScreen(Operators),
  Releases: consoleScreen(Releases),
};

function Screen({ page, operator, opens }: { page: ConsoleScreen; operator: OperatorInfo; opens: HostScreenProps['opens'] }) {
  const { search } = useLocation();
  const query = Object.fromEntries(new URLSearchParams(search));
  const props: ConsolePageProps = { query, operator, readOnly: readsOnly(page, operator) };
  if (page.remote === null) {
    const Own = HOST_SCREENS[page.module];
    return <Own {...props} opens={opens} />;
  }
  const { remote, module } = page;
  return (
    <RemoteView
      id={`${remote}/${module}`}
      load={() => loadExposed<{ default: (props: ConsolePageProps) => React.JSX.Element }>(remote, module)}
      props={props}
    />
  );
}

/** A page the operator's roles do not open, reached by a link or typed: says so, and who may open it. */
function OutsideRole({ permission }: { permission: AdminPermission }) {
  const t = useT(hostMessages);
  return (
    <div role="alert">
      <p>{t('outsideRole')}</p>
      <p>
        {t('openedBy', {
          roles: OPERATOR_ROLES.filter((role) => mayRead([role], permission))
            .map((role) => t(`role_${role}`))
            .join(', '),
        })}
      </p>
    </div>
  );
}

/**
 * A remote's screens under the page-loading rule: nothing for 200 ms, then a loading note, and a
 * retry at once on a failure or at 60 s; the rest of the console works meanwhile.
 */
function PublishedBy({
  remote,
  onPublished,
}: {
  remote: ContainerName;
  onPublished: (remote: ContainerName, pages: ConsolePage[]) => void;
}) {
  const t = useT(hostMessages);
  const { phase, value, retry } = useTimedLoad(() => consolePagesOf(remote), remote);
  useEffect(() => {
    if (value) onPublished(remote, value);
  }, [remote, value, onPublished]);
  if (phase === 'loading') return <p role="status">{t('screensLoading', { remote })}</p>;
  if (phase !== 'error') return null;
  return (
    <div role="alert">
      <p>{t('screensFailed', { remote })}</p>
      <button type="button" className="ops-link" aria-label={t('screensRetry', { remote })} onClick={retry}>
        {t('retry')}
      </button>
    </div>
  );
}

function Console({
  host,
  operator,
  remotes,
  onLogout,
}: {
  host: ConsoleHost;
  operator: OperatorInfo;
  remotes: readonly ContainerName[];
  onLogout: () => void;
}) {
  const t = useT(hostMessages);
  const locale = useLocale();
  const [published, setPublished] = useState<Partial<Record<ContainerName, ConsolePage[]>>>({});
  const onPublished = useCallback(
    (remote: ContainerName, pages: ConsolePage[]) => setPublished((current) => ({ ...current, [remote]: pages })),
    [],
  );
  const screens = useMemo(
    () => consoleScreens(remotes.flatMap((remote) => (published[remote] ? [[remote, published[remote]] as const] : []))),
    [remotes, published],
  );
  const pages = navigationOf(screens, operator);
  const opens = (path: string) => pages.some((page) => page.path === path);
  return (
    <div className="ops-frame">
      <header className="ops-header">
        <p className="ops-brand">{t('navigation')}</p>
        <p className="ops-who">
          {operator.username} · {operator.roles.map((role) => t(`role_${role}`)).join(', ')}
        </p>
        <button
          type="button"
          className="ops-link"
          aria-label={t('languageName')}
          onClick={() => host.locale.set(locale === 'en' ? 'zh-CN' : 'en')}
        >
          {t('language')}
        </button>
        <NavLink to={PASSWORD_PATH} className="ops-link">
          {t('changePassword')}
        </NavLink>
        <button type="button" className="ops-link" onClick={() => void host.logout().then(onLogout)}>
          {t('logout')}
        </button>
      </header>
      <nav className="ops-nav" aria-label={t('navigation')}>
        <ul>
          {pages.map((page) => (
            <li key={page.path}>
              <NavLink to={page.path} end>
                {page.titles[locale]}
              </NavLink>
            </li>
          ))}
        </ul>
        {remotes.map((remote) => (
          <PublishedBy key={remote} remote={remote} onPublished={onPublished} />
        ))}
      </nav>
      <main className="ops-main">
        <Routes>
          {screens.map((page) => (
            <Route
              key={page.path}
              path={page.path}
              element={
                <>
                  <h1>{page.titles[locale]}</h1>
                  {page.permission !== null && !mayOpen(page, operator) ? (
                    <OutsideRole permission={page.permission} />
                  ) : (
                    <Screen page={page} operator={operator} opens={opens} />
                  )}
                </>
              }
            />
          ))}
          <Route
            path={PASSWORD_PATH}
            element={
              <>
                <h1>{t('changePassword')}</h1>
                <ChangePassword />
              </>
            }
          />
        </Routes>
      </main>
    </div>
  );
}

/** The console: its own login and session, and each team's staff screens loaded from its remote. */
export function ConsoleApp({ apiBaseURL, remotes }: { apiBaseURL: string; remotes: readonly ContainerName[] }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [operator, setOperator] = useState<OperatorInfo | null>(null);
  const host = useMemo(
    () =>
      createConsoleHost(apiBaseURL, consoleUi, () => {
        setOperator(null);
        setNotice('sessionEnded');
      }),
    [apiBaseURL],
  );
  useEffect(() => setOperator(host.operator()), [host]);
  return (
    <HostContext.Provider value={host}>
      <HashRouter>
        <Entrance>
          {operator ? (
            <Console host={host} operator={operator} remotes={remotes} onLogout={() => setOperator(null)} />
          ) : (
            <LoginScreen host={host} notice={notice} onLoggedIn={setOperator} />
          )}
        </Entrance>
      </HashRouter>
      <Toasts />
    </HostContext.Provider>
  );
}

/** The enrolment page opens to anyone with its link, signed in or not (an admin may hand the link over on their own machine); else the console or its sign-in. */
function Entrance({ children }: { children: React.ReactNode }) {
  return useLocation().pathname === ENROL_PATH ? <Enrol /> : children;
}

function LoginScreen({
  host,
  notice,
  onLoggedIn,
}: {
  host: ConsoleHost;
  notice: string | null;
  onLoggedIn: (operator: OperatorInfo) => void;
}) {
  const t = useT(hostMessages);
  return <Login host={host} notice={notice === 'sessionEnded' ? t('sessionEnded') : null} onLoggedIn={onLoggedIn} />;
}
