import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a deadline. Counted from the clock rather than from ticks, so a
 * throttled background tab still ends on time.
 */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => () => clearInterval(timer.current), []);

  const start = useCallback((seconds: number) => {
    clearInterval(timer.current);
    const endsAt = Date.now() + seconds * 1000;
    setRemaining(seconds);
    if (seconds <= 0) return;
    timer.current = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer.current);
    }, 1000);
  }, []);

  return { remaining, start };
}
