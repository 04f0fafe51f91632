import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router-dom';
import { commonMessages, LocaleStore, translator } from '@instalment/shared/i18n';
import { App } from './app/App';
import { Frame } from './app/Frame';
import './app/global.css';
import { loadConfig } from './config';
import { preloadExposed, registerAppRemotes } from './federation/remotes';
import { createShellHost } from './host/createShellHost';
import { findRoute } from './routes';
import { watchSession } from './session/lifecycle';

/** The route the app opens on decides what to fetch first: its remote starts loading now. */
function preloadOpeningRoute(): void {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const page = findRoute(path)?.page;
  if (page === 'home' || !page) {
    preloadExposed('mf_loan', './HomeLoanWidget');
    preloadExposed('mf_news', './LatestNews');
  } else {
    preloadExposed(page.remote, page.module);
  }
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadConfig();
    registerAppRemotes(config.remotes);
    preloadOpeningRoute();
    const router = createHashRouter([{ path: '*', element: <Frame /> }]);
    const host = createShellHost(config, router);
    watchSession(host);
    root.render(<App host={host} router={router} />);
  } catch (error) {
    const t = translator(commonMessages, new LocaleStore(window.localStorage, navigator.languages).locale);
    root.render(
      <div role="alert" style={{ padding: 24, textAlign: 'center' }}>
        <p>{t('startFailed', { reason: (error as Error).message })}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('retry')}
        </button>
      </div>,
    );
  }
}

void start();
