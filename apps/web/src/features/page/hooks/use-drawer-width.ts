import { useEffect, useState } from 'react';

/** A side drawer's width: `preferred`, but never wider than the window (phones). */
export function useDrawerWidth(preferred: number): number {
  const fit = () => Math.min(preferred, window.innerWidth);
  const [width, setWidth] = useState(fit);
  useEffect(() => {
    const handleResize = () => setWidth(Math.min(preferred, window.innerWidth));
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [preferred]);
  return width;
}
