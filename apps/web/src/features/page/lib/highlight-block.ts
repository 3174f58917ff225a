// Opening a comment anchored to a block scrolls the editor to that block and marks it for a
// moment. The block element carries `data-id`, but it belongs to ProseMirror, which redraws any
// node whose attributes someone else changes (an added class disappears at once); so the mark
// is a style rule naming the block by `data-id` rather than a class written onto it.
const styleId = 'page-block-highlight';
const highlightMs = 2500;
let timer: ReturnType<typeof setTimeout> | undefined;

function blockSelector(blockId: string): string {
  return `.bn-block-outer[data-id="${CSS.escape(blockId)}"]`;
}

export function highlightBlock(blockId: string, root: ParentNode = document): boolean {
  const element = root.querySelector<HTMLElement>(blockSelector(blockId));
  if (!element) return false;
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
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
