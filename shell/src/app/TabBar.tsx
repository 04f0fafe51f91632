import { commonMessages, titleMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { TABS, type TabKey } from '@instalment/federation/pages';
import styles from './frame.module.css';

const ICONS: Record<TabKey, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  repay: 'M3 6h18v12H3zM3 10h18M7 15h4',
  mine: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
};

/**
 * The custom tab bar (SPEC §2/§9): three tabs, selected blue, others grey, 24 px icons, 10 px
 * labels. Tapping the current tab is a tab tap for its page; tapping another switches to it,
 * and its pointer-down lets the page's code start before the click.
 */
export function TabBar({
  current,
  onSelect,
  onTapCurrent,
  onPrepare,
}: {
  current: TabKey;
  onSelect: (path: string) => void;
  onTapCurrent: () => void;
  onPrepare: (path: string) => void;
}) {
  const t = useT(titleMessages);
  const common = useT(commonMessages);
  return (
    <nav className={styles.tabBar} aria-label={common('mainNavigation')}>
      {TABS.map((tab) => {
        const selected = tab.key === current;
        return (
          <button
            key={tab.key}
            type="button"
            className={`${styles.tab} ${selected ? styles.tabSelected : ''}`}
            aria-current={selected ? 'page' : undefined}
            onPointerDown={() => !selected && onPrepare(tab.path)}
            onClick={() => (selected ? onTapCurrent() : onSelect(tab.path))}
          >
            <svg className={styles.tabIcon} viewBox="0 0 24 24" aria-hidden="true">
              <path d={ICONS[tab.key]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
            </svg>
            <span className={styles.tabLabel}>{t(tab.title)}</span>
          </button>
        );
      })}
    </nav>
  );
}
