import { type ReactNode, useCallback, useEffect, useReducer, useRef } from 'react';
import { commonMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { initialPull, pullReducer, RESTORE_MS } from './pullState';
import styles from './frame.module.css';

interface Props {
  enabled: boolean;
  /** Fires the page's pull-down-refresh handlers; settles when they are done (the stop). */
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/** Drag down from the top of the page (finger or mouse) to refresh it. */
export function PullToRefresh({ enabled, onRefresh, children }: Props) {
  const t = useT(commonMessages);
  const [state, dispatch] = useReducer(pullReducer, initialPull);
  const start = useRef<number | null>(null);

  const begin = useCallback(
    (y: number) => {
      if (enabled && window.scrollY <= 0) start.current = y;
    },
    [enabled],
  );
  const move = useCallback((y: number) => {
    if (start.current !== null) dispatch({ type: 'move', pulled: y - start.current });
  }, []);
  const end = useCallback(() => {
    if (start.current === null) return;
    start.current = null;
    dispatch({ type: 'release' });
  }, []);

  useEffect(() => {
    if (state.phase === 'refreshing') {
      let live = true;
      void onRefresh().finally(() => live && dispatch({ type: 'refreshed' }));
      return () => {
        live = false;
      };
    }
    if (state.phase === 'aborting' || state.phase === 'restoring') {
      const timer = setTimeout(() => dispatch({ type: 'settled' }), RESTORE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [state.phase, onRefresh]);

  useEffect(() => {
    if (!enabled) return undefined;
    const onMouseMove = (event: MouseEvent) => move(event.clientY);
    window.addEventListener('mousemove', onMouseMove);
    window.addEventListener('mouseup', end);
    return () => {
      window.removeEventListener('mousemove', onMouseMove);
      window.removeEventListener('mouseup', end);
    };
  }, [enabled, move, end]);

  if (!enabled) return <>{children}</>;
  const label = state.phase === 'refreshing' ? t('refreshing') : state.phase === 'reached' ? t('releaseToRefresh') : t('pullToRefresh');
  const animating = state.phase === 'aborting' || state.phase === 'restoring' || state.phase === 'refreshing';
  return (
    // A touch gesture surface around the page, not a control of its own: what it wraps stays reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above
    <div
      className={styles.pullArea}
      data-pull-state={state.phase}
      onTouchStart={(event) => begin(event.touches[0].clientY)}
      onTouchMove={(event) => move(event.touches[0].clientY)}
      onTouchEnd={end}
      onTouchCancel={end}
      onMouseDown={(event) => begin(event.clientY)}
    >
      <div
        className={styles.pullIndicator}
        // At rest its height is the stylesheet's: index.html's first paint draws this element, and a
        // style attribute in the page's markup is refused by its Content-Security-Policy.
        style={
          state.distance || animating
            ? { height: state.distance, transition: animating ? `height ${RESTORE_MS}ms ease` : undefined }
            : undefined
        }
        aria-live="polite"
        aria-hidden={state.phase === 'idle'}
      >
        {state.phase !== 'idle' && <span>{label}</span>}
      </div>
      {children}
    </div>
  );
}
