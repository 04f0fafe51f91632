import { createRoot } from 'react-dom/client';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { translator } from '@instalment/contract/i18n';
import { parseConfig, registerAppRemotes } from '@instalment/federation/loader';
import { ConsoleApp } from './ConsoleApp';
import { hostMessages } from './host/messages';
import './ops.css';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const response = await fetch('config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    const config = parseConfig(await response.json());
    registerAppRemotes(config.remotes);
    // The console's screens beyond its own are whatever these remotes publish: the repository's four and any other.
    root.render(<ConsoleApp apiBaseURL={config.apiBaseURL} remotes={Object.keys(config.remotes)} />);
  } catch (error) {
    const t = translator(hostMessages, new LocaleStore(window.localStorage, navigator.languages).locale);
    root.render(
      <main role="alert" className="ops-start-failed">
        <p>{t('startFailed', { reason: (error as Error).message })}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('retry')}
        </button>
      </main>,
    );
  }
}

void start();
