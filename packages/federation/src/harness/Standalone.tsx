import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createHost, HostContext, type PageProps, type Query, withQuery } from '@instalment/host-sdk/host';
import { PATHS } from '@instalment/contract/paths';
import { type ContainerName, exposesOf, routesOf } from '@instalment/federation/pages';

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
        <Suspense fallback={<p>Loading…</p>}>{Page ? <Page query={location.query} /> : <p>Choose a page above.</p>}</Suspense>
      </main>
    </HostContext.Provider>
  );
}

/** A page a remote's build exposes: its route, its exposed module and its file under `src/` (`pages/Login.tsx`). */
export interface HarnessPage {
  path: string;
  module: string;
  file: string;
}

/**
 * Every page the remote's build exposes, read from the same tables as its webpack `exposes`
 * (`exposesOf`): the harness cannot miss a page the table gives the remote, nor one it adds.
 */
export function standalonePages(remote: ContainerName, extras: ReadonlyArray<{ path: string; module: string }> = []): HarnessPage[] {
  const exposes = exposesOf(remote, extras);
  return [...routesOf(remote), ...extras].map(({ path, module }) => ({ path, module, file: exposes[module].replace(/^\.\/src\//, '') }));
}

/** Loads a page's file (`pages/Login.tsx`) relative to the remote's `src/`: the remote's own dynamic import. */
export type PageLoader = (file: string) => Promise<{ default: ComponentType<PageProps> }>;

/**
 * Renders a remote alone: every page its build exposes, each loaded when opened through the
 * remote's own `load` (a dynamic import, so only the opened page's code runs).
 */
export function renderStandalone(
  remote: ContainerName,
  load: PageLoader,
  extras: ReadonlyArray<{ path: string; module: string }> = [],
): void {
  const pages: Record<string, ComponentType<PageProps>> = {};
  for (const page of standalonePages(remote, extras)) pages[page.path] ??= lazy(() => load(page.file));
  createRoot(document.getElementById('root')!).render(<Standalone pages={pages} />);
}
