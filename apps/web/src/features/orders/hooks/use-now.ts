import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs` while `running` (a countdown's clock). */
export function useNow(intervalMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, running]);
  return now;
}
