import { observer } from 'mobx-react-lite';
import { type ComponentType, useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { commonMessages, titleMessages } from '@instalment/contract/i18n';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { Home } from '../home/Home';
import { loadedExposed, loadExposed, RemoteView } from '@instalment/federation/loader';
import type { Route } from '@instalment/federation/pages';
import type { ShellHost } from '../host/createShellHost';
import { OfflineNotice } from '../offline/OfflineNotice';
import { Header } from './Header';
import { PageSkeleton } from './PageSkeleton';
import { PullToRefresh } from './PullToRefresh';
import { TabBar } from './TabBar';
import { prepareTab, preloadTabPagesWhenIdle } from './tabPreloads';
import { startOpeningCalls } from '../early/startCalls';
import { recordView } from '../telemetry/views';
import styles from './frame.module.css';

type PageModule = { default: ComponentType<PageProps> };

function RoutePage({ route, query }: { route: Route; query: Record<string, string> }) {
  const page = route.page;
  const exposed = useMemo(
    () =>
      page === 'home'
        ? null
        : {
            load: () => loadExposed<PageModule>(page.remote, page.module),
            loaded: () => loadedExposed<PageModule>(page.remote, page.module),
          },
    [page],
  );
  if (!exposed || page === 'home') return <Home />;
  return (
    <RemoteView
      id={`${page.remote}/${page.module}`}
      load={exposed.load}
      loaded={exposed.loaded}
      props={{ query }}
      placeholder={<PageSkeleton shape={route.skeleton ?? 'generic'} />}
    />
  );
}

/** One screen: header, the route's page (guarded, refreshable) and the tab bar. */
export const Frame = observer(function Frame() {
  const host = useHost() as ShellHost;
  const location = useLocation();
  const titles = useT(titleMessages);
  const t = useT(commonMessages);
  const found = host.routes.find(location.pathname);
  const route = found === 'pending' ? undefined : found;
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

  // Each opening of a route is a view (a new query too: another loan's detail), reported by its
  // pattern; a route a visitor is sent away from is not one.
  const viewed = route && !blocked ? route.path : undefined;
  const drawnBy = route && route.page !== 'home' ? route.page.remote : undefined;
  useEffect(() => {
    if (viewed) recordView(viewed, drawnBy);
  }, [viewed, drawnBy, location.key]);

  // A page a remote added after this shell was built names its title itself, in both languages.
  const pageTitle = route && (route.titles?.[host.locale.locale] ?? titles(route.title));
  const title = route ? (route.tab === 'home' ? t('navTitle') : pageTitle!) : t('appName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${t('appName')}` : t('appName');
  }, [pageTitle, t]);

  const withTabs = Boolean(route?.tab);
  useEffect(() => {
    if (withTabs) preloadTabPagesWhenIdle(host.routes);
  }, [withTabs, host]);

  const refresh = useCallback(() => Promise.allSettled(host.refresh.emit()), [host]);

  // A path only a remote's deployment may know: its manifest is on its way. Drawn as index.html's
  // first paint draws a path its build did not know, so nothing moves when the page is found.
  if (found === 'pending') {
    return (
      <div className={styles.frame}>
        <Header title={t('appName')} onBack={host.back} />
        <main className={styles.content}>
          <PageSkeleton shape="generic" />
        </main>
      </div>
    );
  }
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
      <OfflineNotice />
      {!route.customNav && <Header title={title} onBack={route.tab ? undefined : host.back} />}
      <main className={`${styles.content} ${route.customNav ? styles.fullBleed : ''}`}>
        <PullToRefresh enabled={Boolean(route.pullDownRefresh)} onRefresh={refresh}>
          {!blocked && <RoutePage key={route.path} route={route} query={query} />}
        </PullToRefresh>
      </main>
      {route.tab && (
        <TabBar
          current={route.tab}
          onSelect={(path) => host.navigate(path)}
          onTapCurrent={() => host.tabTap.emit()}
          onPrepare={(path) =>
            prepareTab(host.routes, path, (page) =>
              startOpeningCalls(page, { apiBaseURL: host.apiBaseURL, token: host.session.token ?? '' }),
            )
          }
        />
      )}
    </div>
  );
});
