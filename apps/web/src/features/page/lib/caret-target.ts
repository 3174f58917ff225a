// Where a click in the static rendering of a page meant the cursor to go, kept as a block id and
// a character offset into the block's text, so the editor can put it there once it is mounted.
// Offsets count the characters of text nodes only, in both renderings (a line break is an
// element in each), so they mean the same place in the static DOM and in the editor's.

export interface CaretTarget {
  blockId: string;
  /** characters into the block's own text; null: its end */
  offset: number | null;
}

function textNodes(root: Node): Text[] {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** The character offset of a DOM point (`node`, `offset`) inside `inline`'s text. */
export function textOffset(inline: Node, node: Node, offset: number): number {
  let total = 0;
  if (node.nodeType !== Node.TEXT_NODE) {
    // a point between children: the text of the children before it
    const before = Array.from(node.childNodes).slice(0, offset);
    const ownBefore = textNodes(node).filter((text) =>
      before.some((child) => child === text || child.contains(text)),
    );
    for (const text of textNodes(inline)) {
      if (node.contains(text) && !ownBefore.includes(text)) break;
      total += text.data.length;
    }
    return total;
  }
  for (const text of textNodes(inline)) {
    if (text === node) return total + offset;
    total += text.data.length;
  }
  return total;
}

/** The DOM point `offset` characters into `inline`'s text (its end when null or too far). */
export function textPoint(inline: Node, offset: number | null): { node: Node; offset: number } {
  const texts = textNodes(inline);
  const last = texts.at(-1);
  if (!last) return { node: inline, offset: 0 };
  if (offset === null) return { node: last, offset: last.data.length };
  let rest = offset;
  for (const text of texts) {
    if (rest <= text.data.length) return { node: text, offset: rest };
    rest -= text.data.length;
  }
  return { node: last, offset: last.data.length };
}

interface CaretPoint {
  node: Node;
  offset: number;
}

function caretPointAt(x: number, y: number): CaretPoint | null {
  const doc = document as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  };
  const position = doc.caretPositionFromPoint?.(x, y);
  if (position) return { node: position.offsetNode, offset: position.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * The caret target of a click at (`x`, `y`) inside `root` (the static rendering): the innermost
 * block under the pointer and the place in its text; off any block, the end of the last one.
 */
export function caretTargetAt(root: Element, x: number, y: number): CaretTarget | null {
  const point = caretPointAt(x, y);
  const element =
    point && (point.node.nodeType === Node.TEXT_NODE ? point.node.parentElement : point.node);
  const outer =
    element instanceof Element && root.contains(element)
      ? element.closest('.bn-block-outer')
      : null;
  if (!outer) {
    const all = root.querySelectorAll('.bn-block-outer');
    const last = all[all.length - 1];
    const id = last?.getAttribute('data-id');
    return id ? { blockId: id, offset: null } : null;
  }
  const blockId = outer.getAttribute('data-id');
  if (!blockId) return null;
  const inline = element instanceof Element ? element.closest('.bn-inline-content') : null;
  if (!point || !inline || inline.closest('.bn-block-outer') !== outer) {
    return { blockId, offset: null };
  }
  return { blockId, offset: textOffset(inline, point.node, point.offset) };
}
