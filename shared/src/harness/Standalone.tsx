import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HostContext, type PageProps, type Query } from '@instalment/shared/host';
import { createHost, withQuery } from './createHost';

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
        requireLogin: () => (window.location.hash = '#/pages/login/login'),
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
      <main style={{ maxWidth: 750, margin: '0 auto', padding: 12 }}>{Page ? <Page query={location.query} /> : <p>Choose a page above.</p>}</main>
    </HostContext.Provider>
  );
}

export function renderStandalone(pages: Record<string, ComponentType<PageProps>>): void {
  createRoot(document.getElementById('root')!).render(<Standalone pages={pages} />);
}
