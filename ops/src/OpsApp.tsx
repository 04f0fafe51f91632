import { useEffect, useMemo, useState } from 'react';
import { HashRouter, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { HostContext, useLocale, useT } from '@instalment/shared/host';
import { loadExposed, RemoteView } from '@instalment/shared/loader';
import { ADMIN_PERMISSIONS, mayDo, type AdminPermission } from '@instalment/shared/api';
import { OPS_PAGES, type OperatorInfo, type OpsPage, type OpsPageProps } from '@instalment/shared/ops';
import { createOpsHost, type OpsHost } from './host';
import { Login } from './Login';
import { mayOpen } from './may-open';
import { hostMessages } from './messages';
import { Approvals } from './pages/Approvals';
import { Audit } from './pages/Audit';
import { Operators } from './pages/Operators';
import { Queues } from './pages/Queues';
import { opsUi, Toasts } from './Toasts';

const HOST_PAGES: Record<string, (props: OpsPageProps) => React.JSX.Element> = { Queues, Approvals, Audit, Operators };

function Screen({ page, operator }: { page: OpsPage; operator: OperatorInfo }) {
  const { search } = useLocation();
  const query = Object.fromEntries(new URLSearchParams(search));
  const props: OpsPageProps = { query, operator };
  if (page.remote === null) {
    const Own = HOST_PAGES[page.module];
    return <Own {...props} />;
  }
  const { remote, module } = page;
  return (
    <RemoteView
      id={`${remote}/${module}`}
      load={() => loadExposed<{ default: (props: OpsPageProps) => React.JSX.Element }>(remote, module)}
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
      <p>{t('openedBy', { roles: ADMIN_PERMISSIONS[permission].map((role) => t(`role_${role}`)).join(', ') })}</p>
    </div>
  );
}

function Console({ host, operator, onLogout }: { host: OpsHost; operator: OperatorInfo; onLogout: () => void }) {
  const t = useT(hostMessages);
  const locale = useLocale();
  const pages = OPS_PAGES.filter((page) => mayOpen(page, operator));
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
        <button type="button" className="ops-link" onClick={() => void host.logout().then(onLogout)}>
          {t('logout')}
        </button>
      </header>
      <nav className="ops-nav" aria-label={t('navigation')}>
        <ul>
          {pages.map((page) => (
            <li key={page.path}>
              <NavLink to={page.path} end>
                {page.title[locale]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="ops-main">
        <Routes>
          {OPS_PAGES.map((page) => (
            <Route
              key={page.path}
              path={page.path}
              element={
                <>
                  <h1>{page.title[locale]}</h1>
                  {page.permission === null || mayDo(operator.roles, page.permission) ? (
                    <Screen page={page} operator={operator} />
                  ) : (
                    <OutsideRole permission={page.permission} />
                  )}
                </>
              }
            />
          ))}
        </Routes>
      </main>
    </div>
  );
}

/** The console: its own login and session, and each team's staff screens loaded from its remote. */
export function OpsApp({ apiBaseURL }: { apiBaseURL: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [operator, setOperator] = useState<OperatorInfo | null>(null);
  const host = useMemo(
    () =>
      createOpsHost(apiBaseURL, opsUi, () => {
        setOperator(null);
        setNotice('sessionEnded');
      }),
    [apiBaseURL],
  );
  useEffect(() => setOperator(host.operator()), [host]);
  return (
    <HostContext.Provider value={host}>
      <HashRouter>
        {operator ? (
          <Console host={host} operator={operator} onLogout={() => setOperator(null)} />
        ) : (
          <LoginScreen host={host} notice={notice} onLoggedIn={setOperator} />
        )}
      </HashRouter>
      <Toasts />
    </HostContext.Provider>
  );
}

function LoginScreen({ host, notice, onLoggedIn }: { host: OpsHost; notice: string | null; onLoggedIn: (operator: OperatorInfo) => void }) {
  const t = useT(hostMessages);
  return <Login host={host} notice={notice === 'sessionEnded' ? t('sessionEnded') : null} onLoggedIn={onLoggedIn} />;
}
