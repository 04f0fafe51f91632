import { useCallback, useEffect, useState } from 'react';
import { LOAD_TIMEOUT_MS, LOADING_DELAY_MS, type LoadPhase, LoadTimeoutError } from './timing';

export interface TimedLoad<T> {
  phase: LoadPhase;
  value: T | null;
  error: Error | null;
  /** Loads again from the start (the error view's retry). */
  retry: () => void;
}

/**
 * Runs `load` under the page-loading rule: phase 'waiting' (render nothing) until 200 ms have
 * passed, then 'loading'; 'error' at once on failure or at 60 s; 'ready' with the value.
 * `loaded` names a value already at hand: it is 'ready' in the first render, with no wait.
 */
export function useTimedLoad<T>(load: () => Promise<T>, key: string, loaded?: () => T | undefined): TimedLoad<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; phase: LoadPhase; value: T | null; error: Error | null }>(() => {
    const value = loaded?.();
    return value === undefined ? { key, phase: 'waiting', value: null, error: null } : { key, phase: 'ready', value, error: null };
  });

  useEffect(() => {
    let settled = false;
    const known = attempt === 0 ? loaded?.() : undefined;
    if (known !== undefined) {
      setState({ key, phase: 'ready', value: known, error: null });
      return;
    }
    setState({ key, phase: 'waiting', value: null, error: null });
    const finish = (next: { phase: LoadPhase; value: T | null; error: Error | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(delay);
      clearTimeout(timeout);
      setState({ key, ...next });
    };
    const delay = setTimeout(() => {
      if (!settled) setState((current) => (current.phase === 'waiting' ? { ...current, phase: 'loading' } : current));
    }, LOADING_DELAY_MS);
    const timeout = setTimeout(() => finish({ phase: 'error', value: null, error: new LoadTimeoutError() }), LOAD_TIMEOUT_MS);
    load().then(
      (value) => finish({ phase: 'ready', value, error: null }),
      (error: unknown) => finish({ phase: 'error', value: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      settled = true;
      clearTimeout(delay);
      clearTimeout(timeout);
    };
    // `load` is named by `key`: a new key or a retry starts a new load.
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (state.key === key) return { phase: state.phase, value: state.value, error: state.error, retry };
  // A new key: its value, when at hand, is drawn in this render rather than after a round of waiting.
  const atHand = loaded?.();
  return atHand === undefined
    ? { phase: 'waiting', value: null, error: null, retry }
    : { phase: 'ready', value: atHand, error: null, retry };
}
