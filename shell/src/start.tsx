import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { commonMessages, translator } from '@instalment/contract/i18n';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { App } from './app/App';
import { NavigationBridge } from './app/navigation';
import './app/global.css';
import { booted } from './boot';
import { createShellHost } from './host/createShellHost';
import { watchSession } from './session/lifecycle';
import { registerServiceWorker } from './offline/serviceWorker';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await booted;
    const navigation = new NavigationBridge();
    const host = createShellHost(config, navigation);
    // Every remote config.json names publishes its pages: the repository's four and any other.
    void host.routes.load(Object.keys(config.remotes));
    watchSession(host);
    // index.html already shows home's first paint: React draws the app in slices, never
    // holding the page (a tap, a scroll) for the whole first render.
    startTransition(() => root.render(<App host={host} navigation={navigation} />));
    registerServiceWorker();
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
