import type { ComponentType } from 'react';
import { commonMessages } from '@instalment/shared/i18n';
import { useT } from '@instalment/shared/host';
import { loadExposed } from '../federation/remotes';
import { RemoteView } from '../loader/RemoteView';
import styles from './home.module.css';

const loadLoanWidget = () => loadExposed<{ default: ComponentType<object> }>('mf_loan', './HomeLoanWidget');
const loadLatestNews = () => loadExposed<{ default: ComponentType<object> }>('mf_news', './LatestNews');

/**
 * Home, composed from two teams' widgets. Each sits in its own loader and error boundary, so
 * one remote down leaves the rest of home working.
 */
export function Home() {
  const t = useT(commonMessages);
  return (
    <div className={styles.home}>
      <p className={styles.brand}>{t('appName')}</p>
      <RemoteView id="mf_loan/HomeLoanWidget" load={loadLoanWidget} props={{}} compact />
      <RemoteView id="mf_news/LatestNews" load={loadLatestNews} props={{}} compact />
    </div>
  );
}
