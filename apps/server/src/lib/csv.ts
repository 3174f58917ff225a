// CSV as the library's exports write it (orders, the audit log): every cell quoted, a cell
// starting = + - @ tab or return defused with a leading ' so a spreadsheet never runs it as a
// formula, rows joined by CRLF, and a byte-order mark so spreadsheets read Chinese as UTF-8.

export type CsvValue = string | number | null;

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it. */
export function csvCell(value: CsvValue): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The whole file: a header of column names, then one line per row. */
export function csvDocument(columns: readonly string[], rows: readonly CsvValue[][]): string {
  const lines = rows.map((row) => row.map(csvCell).join(','));
  return `\uFEFF${[columns.join(','), ...lines].join('\r\n')}\r\n`;
}
