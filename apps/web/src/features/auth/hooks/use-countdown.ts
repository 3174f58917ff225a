import { useCallback, useEffect, useRef, useState } from 'react';

/** Counts whole seconds down to zero; `count` is 0 when idle. */
export function useCountdown() {
  const [count, setCount] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (seconds: number) => {
      stop();
      setCount(seconds);
      timer.current = setInterval(() => {
        setCount((value) => {
          if (value <= 1) {
            stop();
            return 0;
          }
          return value - 1;
        });
      }, 1000);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);

  return { count, running: count > 0, start, stop };
}
