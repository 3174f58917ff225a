// Keeping the reader's place when one rendering of a page replaces another (the static blocks by
// the editor): the first block in view and how far from the top of the scrolling box it stood.

export interface ScrollAnchor {
  scroller: Element;
  blockId: string;
  /** the block's top relative to the scroller's top, in px */
  top: number;
}

/** The nearest ancestor that scrolls vertically, or the document's scrolling element. */
export function scrollParent(element: Element): Element {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) {
      return node;
    }
  }
  return document.scrollingElement ?? document.documentElement;
}

function scrollerTop(scroller: Element): number {
  return scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
}

/** The first top-level block of `root` in view, or null when the page is not scrolled. */
export function captureScrollAnchor(root: Element | null): ScrollAnchor | null {
  if (!root) return null;
  const scroller = scrollParent(root);
  if (scroller.scrollTop === 0) return null;
  const top = scrollerTop(scroller);
  const blocks = root.querySelectorAll(':scope > .bn-block-group > .bn-block-outer');
  // the first block whose bottom is below the scroller's top (binary search: blocks are in order)
  let low = 0;
  let high = blocks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.getBoundingClientRect().bottom > top) {
      found = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  const block = found >= 0 ? blocks[found]! : null;
  const blockId = block?.getAttribute('data-id');
  if (!block || !blockId) return null;
  return { scroller, blockId, top: block.getBoundingClientRect().top - top };
}

/** Scrolls so the anchor's block (now inside `root`) stands where it stood before. */
export function restoreScrollAnchor(anchor: ScrollAnchor | null, root: Element | null): void {
  if (!anchor || !root) return;
  const block = root.querySelector(`.bn-block-outer[data-id="${CSS.escape(anchor.blockId)}"]`);
  if (!block) return;
  const shift = block.getBoundingClientRect().top - scrollerTop(anchor.scroller) - anchor.top;
  if (Math.abs(shift) >= 1) anchor.scroller.scrollTop += shift;
}

/** How long after a swap the place is kept while the new rendering settles. */
const holdMs = 1000;

/** The holds running now (a function stops each). */
const holding = new Set<() => void>();

/**
 * Stops keeping the places held now: the page is about to be scrolled somewhere on purpose (to
 * a cited block), which a hold would otherwise undo frame after frame.
 */
export function releaseScrollAnchors(): void {
  for (const stop of [...holding]) stop();
}

/**
 * Restores the anchor now and keeps it for a moment: the blocks of the new rendering near the
 * screen take their real heights over the next frames (content-visibility draws them only then),
 * and neither the browser's scroll anchoring nor the editor keeps the place by itself. Stops as
 * soon as the user scrolls (wheel, touch, keys, the scrollbar) or the page scrolls to a block on
 * purpose (releaseScrollAnchors). Answers a function that stops it.
 */
export function holdScrollAnchor(anchor: ScrollAnchor | null, root: Element | null): () => void {
  if (!anchor || !root) return () => undefined;
  restoreScrollAnchor(anchor, root);
  const until = performance.now() + holdMs;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    holding.delete(stop);
    for (const type of userScrollEvents) window.removeEventListener(type, stop, true);
  };
  holding.add(stop);
  for (const type of userScrollEvents) {
    window.addEventListener(type, stop, { capture: true, passive: true });
  }
  const hold = () => {
    restoreScrollAnchor(anchor, root);
    if (performance.now() < until) frame = requestAnimationFrame(hold);
    else stop();
  };
  frame = requestAnimationFrame(hold);
  return stop;
}

const userScrollEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
