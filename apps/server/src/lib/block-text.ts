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
