import { observer } from 'mobx-react-lite';
import { type ComponentType, useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { commonMessages, titleMessages } from '@instalment/shared/i18n';
import { type PageProps, useHost, useT } from '@instalment/shared/host';
import { Button } from '@instalment/shared/ui';
import { Home } from '../home/Home';
import { loadExposed, RemoteView } from '@instalment/shared/loader';
import { findPage, type PageDef } from '@instalment/shared/pages';
import type { ShellHost } from '../host/createShellHost';
import { Header } from './Header';
import { PullToRefresh } from './PullToRefresh';
import { TabBar } from './TabBar';
import styles from './frame.module.css';

function RoutePage({ route, query }: { route: PageDef; query: Record<string, string> }) {
  const page = route.page;
  const load = useMemo(
    () => (page === 'home' ? null : () => loadExposed<{ default: ComponentType<PageProps> }>(page.remote, page.module)),
    [page],
  );
  if (!load || page === 'home') return <Home />;
  return <RemoteView id={`${page.remote}/${page.module}`} load={load} props={{ query }} />;
}

/** One screen: header, the route's page (guarded, refreshable) and the tab bar. */
export const Frame = observer(function Frame() {
  const host = useHost() as ShellHost;
  const location = useLocation();
  const titles = useT(titleMessages);
  const t = useT(commonMessages);
  const route = findPage(location.pathname);
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const blocked = Boolean(route?.needsLogin && !host.session.isLoggedIn);
  const navigationType = useNavigationType();

  // A new page opens at its top; going back leaves the position to the page (the news list restores its own).
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.pathname, location.search, navigationType]);

  useEffect(() => {
    if (blocked) host.requireLogin(`${location.pathname}${location.search}`, { replace: true });
  }, [blocked, host, location.pathname, location.search]);

  const title = route ? (route.tab === 'home' ? t('navTitle') : titles(route.title)) : t('appName');
  useEffect(() => {
    document.title = route ? `${titles(route.title)} · ${t('appName')}` : t('appName');
  }, [route, titles, t]);

  const refresh = useCallback(() => Promise.allSettled(host.refresh.emit()), [host]);

  if (!route) {
    return (
      <div className={styles.frame}>
        <Header title={t('appName')} onBack={host.back} />
        <div className={styles.notFound} role="alert">
          <p>404</p>
          <Button variant="primary" onClick={() => host.navigate('/')}>
            {titles('home')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={`${styles.frame} ${route.tab ? styles.withTabs : ''}`}>
      {!route.customNav && <Header title={title} onBack={route.tab ? undefined : host.back} />}
      <main className={`${styles.content} ${route.customNav ? styles.fullBleed : ''}`}>
        <PullToRefresh enabled={Boolean(route.pullDownRefresh)} onRefresh={refresh}>
          {!blocked && <RoutePage key={route.path} route={route} query={query} />}
        </PullToRefresh>
      </main>
      {route.tab && <TabBar current={route.tab} onSelect={(path) => host.navigate(path)} onTapCurrent={() => host.tabTap.emit()} />}
    </div>
  );
});
