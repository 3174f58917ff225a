import { useCallback, useState } from 'react';

/**
 * A value (a component, usually) that loads when first asked for: `[value or null, ask]`. The
 * header's language menu and theme tooltip load this way, on the first pointing, focus or
 * press, because antd's Dropdown and Tooltip bring its menu, popup and form code along, about
 * 40 kB of gzip that the welcome page's first load would otherwise carry
 * (docs/performance.md, "First load").
 */
export function useOnDemand<T>(load: () => Promise<T>): [T | null, () => void] {
  const [value, setValue] = useState<{ loaded: T } | null>(null);
  const ask = useCallback(() => {
    void load().then((loaded) => setValue((current) => current ?? { loaded }));
  }, [load]);
  return [value?.loaded ?? null, ask];
}
