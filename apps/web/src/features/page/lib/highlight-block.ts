// Opening a comment anchored to a block scrolls the editor to that block and marks it for a
// moment. The block element carries `data-id`, but it belongs to ProseMirror, which redraws any
// node whose attributes someone else changes (an added class disappears at once); so the mark
// is a style rule naming the block by `data-id` rather than a class written onto it (so it marks
// the block in the static rendering and in the editor that takes its place alike).
import { releaseScrollAnchors } from './scroll-anchor';

const styleId = 'page-block-highlight';
const highlightMs = 2500;
let timer: ReturnType<typeof setTimeout> | undefined;

function blockSelector(blockId: string): string {
  return `.bn-block-outer[data-id="${CSS.escape(blockId)}"]`;
}

/**
 * Scrolls to the block (found under `root`) and marks it; false when it is not drawn (yet).
 * Smooth by default; `instant` where the page has just opened at the block (`?block=`): the place
 * is reached before the editor takes over from the static rendering, which keeps that place — a
 * smooth scroll still under way then would be held half-way (lib/scroll-anchor.ts). A hold still
 * running is let go: this scroll is on purpose.
 */
export function highlightBlock(
  blockId: string,
  root: ParentNode = document,
  behavior: ScrollBehavior = 'smooth',
): boolean {
  const element = root.querySelector<HTMLElement>(blockSelector(blockId));
  if (!element) return false;
  releaseScrollAnchors();
  element.scrollIntoView({ block: 'center', behavior });
  let style = document.getElementById(styleId);
  if (!style) {
    style = document.createElement('style');
    style.id = styleId;
    document.head.append(style);
  }
  style.textContent = `${blockSelector(blockId)} > .bn-block { background: var(--page-highlight); border-radius: 4px; transition: background 0.3s; }`;
  clearTimeout(timer);
  timer = setTimeout(() => style.remove(), highlightMs);
  return true;
}
