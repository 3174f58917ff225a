// The heading of the screen in view when it names what it shows — a space's or a page's name —
// rather than its route's label ('空间', '页面'). The top bar and the document title show it;
// without one they show the route's translated title.
import { useEffect } from 'react';
import { create } from 'zustand';

interface PageHeadingState {
  heading: string | null;
  setHeading: (heading: string | null) => void;
}

export const usePageHeadingStore = create<PageHeadingState>((set) => ({
  heading: null,
  setHeading: (heading) => set({ heading }),
}));

/** Names the screen while it is shown; null or empty leaves the route's title. */
export function usePageHeading(heading: string | null | undefined): void {
  const value = heading?.trim() ? heading : null;
  useEffect(() => {
    const { setHeading } = usePageHeadingStore.getState();
    setHeading(value);
    return () => setHeading(null);
  }, [value]);
}
