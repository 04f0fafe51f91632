import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createHost, HostContext, type PageProps, type Query, withQuery } from '@instalment/host-sdk/host';
import { PATHS } from '@instalment/contract/paths';
import { type ContainerName, routesOf } from '@instalment/federation/pages';

function readHash(): { path: string; query: Query } {
  const [path, search = ''] = window.location.hash.replace(/^#/, '').split('?');
  return { path: path || '/', query: Object.fromEntries(new URLSearchParams(search)) };
}

/**
 * A remote's own page when it runs alone (`npm run dev -w mf-…`): its pages on a bare hash
 * router, a plain screen for toasts and dialogs, and the same API as in the shell.
 */
function Standalone({ pages }: { pages: Record<string, ComponentType<PageProps>> }) {
  const [location, setLocation] = useState(readHash);
  const host = useMemo(
    () =>
      createHost({
        apiBaseURL: (window as { API_BASE_URL?: string }).API_BASE_URL ?? 'http://localhost:3100',
        storage: window.localStorage,
        languages: navigator.languages,
        ui: {
          toast: (message) => console.info('[toast]', message),
          showLoading: () => {},
          hideLoading: () => {},
          confirm: async (message) => window.confirm(message),
        },
        navigate: (path, query, options) => {
          const hash = `#${withQuery(path, query)}`;
          if (options?.replace) window.location.replace(hash);
          else window.location.hash = hash;
        },
        back: () => (window.history.length > 1 ? window.history.back() : (window.location.hash = '#/')),
        requireLogin: () => (window.location.hash = `#${PATHS.login}`),
        finishLogin: () => (window.location.hash = '#/'),
        routeUrl: (path, query) => `${window.location.origin}${window.location.pathname}#${withQuery(path, query)}`,
      }),
    [],
  );
  useEffect(() => {
    const onHash = () => setLocation(readHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const Page = pages[location.path];
  return (
    <HostContext.Provider value={host}>
      <nav style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 8, fontSize: 12 }}>
        {Object.keys(pages).map((path) => (
          <a key={path} href={`#${path}`}>
            {path}
          </a>
        ))}
      </nav>
      <main style={{ maxWidth: 750, margin: '0 auto', padding: 12 }}>
        {Page ? <Page query={location.query} /> : <p>Choose a page above.</p>}
      </main>
    </HostContext.Provider>
  );
}

/**
 * Renders a remote alone: every route the pages table gives it, each drawn by the component
 * behind its exposed module (`modules`, keyed like the webpack `exposes`).
 */
export function renderStandalone(remote: ContainerName, modules: Record<string, ComponentType<PageProps>>): void {
  const pages: Record<string, ComponentType<PageProps>> = {};
  for (const route of routesOf(remote)) {
    const component = modules[route.module];
    if (!component) throw new Error(`${remote} exposes no component for ${route.module} (${route.path})`);
    pages[route.path] ??= component;
  }
  createRoot(document.getElementById('root')!).render(<Standalone pages={pages} />);
}
