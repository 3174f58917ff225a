// Plain text of a block's JSON for previews (diff list, block picker, anchored comments), without
// loading the editor.
import type { Block } from '@library/contract';

function inlineText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) {
    // tables keep rows of cells under content.rows
    if (typeof content === 'object' && content !== null && 'rows' in content) {
      const rows = (content as { rows: unknown }).rows;
      if (Array.isArray(rows)) {
        return rows
          .map((row: unknown) => {
            const cells = (row as { cells?: unknown }).cells;
            return Array.isArray(cells) ? cells.map((cell) => inlineText(cell)).join(' | ') : '';
          })
          .join(' / ');
      }
    }
    if (typeof content === 'object' && content !== null && 'content' in content) {
      return inlineText((content as { content: unknown }).content);
    }
    return '';
  }
  return content
    .map((item: unknown) => {
      if (typeof item === 'string') return item;
      if (typeof item !== 'object' || item === null) return '';
      const node = item as { text?: unknown; content?: unknown };
      if (typeof node.text === 'string') return node.text;
      return inlineText(node.content);
    })
    .join('');
}

/** The block's own text, then its children's, on one line. */
export function blockText(block: Block): string {
  const own = inlineText(block['content']);
  const children = Array.isArray(block['children'])
    ? (block['children'] as Block[]).map(blockText).filter(Boolean)
    : [];
  const props = block['props'] as { url?: unknown; name?: unknown } | undefined;
  const file = typeof props?.name === 'string' && props.name ? props.name : props?.url;
  return [own || (typeof file === 'string' ? file : ''), ...children].filter(Boolean).join(' ');
}

/** The top-level block with this id, searched through nested children too. */
export function findBlock(blocks: Block[], id: string): Block | undefined {
  for (const block of blocks) {
    if (block.id === id) return block;
    const children = block['children'];
    if (Array.isArray(children)) {
      const found = findBlock(children as Block[], id);
      if (found) return found;
    }
  }
  return undefined;
}
