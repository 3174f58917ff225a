// A small virtualiser for rows of one fixed height: which rows of a scrolled element are in view
// (plus `overscan` rows on each side), and how to scroll a row into view. The first row in view
// is state only when it changes, so scrolling within a row's height re-renders nothing.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export interface RowRange {
  start: number;
  /** one past the last rendered row */
  end: number;
  /** the most rows ever rendered at once for this height: rows can be keyed by index modulo it */
  capacity: number;
}

export function useVirtualWindow<T extends HTMLElement>(
  count: number,
  rowHeight: number,
  { overscan = 8, paddingTop = 0 }: { overscan?: number; paddingTop?: number } = {},
) {
  const ref = useRef<T>(null);
  const [first, setFirst] = useState(0);
  // Until the resize observer has measured, a screenful of a tall sidebar: the first paint
  // neither waits for it nor forces a layout of the page to read the height.
  const [visible, setVisible] = useState(40);
  // Only grows, so a shorter sidebar does not re-key (remount) every row.
  const [capacity, setCapacity] = useState(40 + 2 * overscan);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const firstInView = () => Math.floor(Math.max(0, element.scrollTop - paddingTop) / rowHeight);
    let shown = 0;
    const measure = () => {
      const rows = Math.ceil(element.clientHeight / rowHeight) + 1;
      setVisible(rows);
      setCapacity((current) => Math.max(current, rows + 2 * overscan));
      setFirst((shown = firstInView()));
    };
    // Scroll events run in the frame's rendering steps: rendering the new rows right there (not
    // in a task after the paint) keeps a fast scroll from showing a blank frame.
    const onScroll = () => {
      const now = firstInView();
      if (now === shown) return;
      shown = now;
      flushSync(() => setFirst(now));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    // (its first callback comes after the first layout, before that frame is painted)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [rowHeight, paddingTop, overscan]);

  const range: RowRange = {
    start: Math.max(0, Math.min(first, count) - overscan),
    end: Math.min(count, first + visible + overscan),
    capacity,
  };

  /** Scrolls the least needed for row `index` to be fully in view. */
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = ref.current;
      if (!element) return;
      const top = paddingTop + index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight)
        element.scrollTop = top + rowHeight - element.clientHeight;
    },
    [rowHeight, paddingTop],
  );

  return { ref, range, scrollToIndex, pageSize: Math.max(1, visible - 2) };
}
