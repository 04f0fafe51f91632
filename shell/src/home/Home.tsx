import type { ComponentType } from 'react';
import { commonMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { HOME_WIDGETS } from '@instalment/federation/pages';
import { loadedExposed, loadExposed, RemoteView } from '@instalment/federation/loader';
import styles from './home.module.css';

type WidgetModule = { default: ComponentType<object> };

const widgets = Object.values(HOME_WIDGETS).map((widget) => ({
  id: `${widget.remote}/${widget.module.replace(/^\.\//, '')}`,
  load: () => loadExposed<WidgetModule>(widget.remote, widget.module),
  loaded: () => loadedExposed<WidgetModule>(widget.remote, widget.module),
}));

/**
 * Home, composed from two teams' widgets under the shell's own welcome, which index.html draws
 * before any script (shell/src/firstPaint): the page's largest element is there at first paint.
 * Each widget sits in its own loader and error boundary, so one remote down leaves the rest of
 * home working.
 */
export function Home() {
  const t = useT(commonMessages);
  return (
    <div className={styles.home}>
      <p className={styles.brand}>{t('appName')}</p>
      <p className={styles.headline}>{t('homeHeadline')}</p>
      {widgets.map((widget) => (
        <RemoteView key={widget.id} id={widget.id} load={widget.load} loaded={widget.loaded} props={{}} compact />
      ))}
    </div>
  );
}
