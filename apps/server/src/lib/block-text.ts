// Plain text of BlockNote JSON, shared by quick notes (search, previews) and AI chunking.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Inline content as plain text: text runs, link labels, table cells (by spaces and lines). */
export function inlineText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(inlineText).join('');
  if (!isRecord(value)) return '';
  if (typeof value.text === 'string') return value.text;
  if (Array.isArray(value.rows)) {
    return value.rows
      .map((row) =>
        isRecord(row) && Array.isArray(row.cells) ? row.cells.map(inlineText).join(' ') : '',
      )
      .join('\n');
  }
  return inlineText(value.content);
}

/** A block's text as search and the AI read it: its block, heading level (null: not a heading) and text. */
export interface Segment {
  blockId: string | null;
  heading: number | null;
  text: string;
}

/** Blocks depth first (children after their parent), each with its text and heading level. */
export function blockSegments(blocks: readonly unknown[]): Segment[] {
  const segments: Segment[] = [];
  const walk = (block: unknown) => {
    if (!isRecord(block)) return;
    const text = inlineText(block.content).trim();
    const level =
      block.type === 'heading'
        ? isRecord(block.props) && typeof block.props.level === 'number'
          ? block.props.level
          : 1
        : null;
    if (text) {
      segments.push({
        blockId: typeof block.id === 'string' ? block.id : null,
        heading: level,
        text,
      });
    }
    if (Array.isArray(block.children)) block.children.forEach(walk);
  };
  blocks.forEach(walk);
  return segments;
}
