// A table block drawn as BlockNote 0.51 and prosemirror-tables draw it: column widths, header
// rows and columns, merged cells.
import type { CSSProperties, ReactElement } from 'react';
import type { Block } from '@library/contract';
import { renderInline } from './static-blocks-inline';
import { propAttributes, type Props } from './static-blocks-props';

interface TableCell {
  props: Props;
  content: unknown;
}

function tableCell(cell: unknown): TableCell {
  if (typeof cell === 'object' && cell !== null && !Array.isArray(cell) && 'content' in cell) {
    const { props, content } = cell as { props?: unknown; content: unknown };
    return { props: typeof props === 'object' && props !== null ? (props as Props) : {}, content };
  }
  return { props: {}, content: cell };
}

/** prosemirror-tables' minimum width of a column without a width of its own (BlockNote's). */
const cellMinWidth = 120;

export function TableContent({
  block,
  attributes,
}: {
  block: Block;
  attributes: Record<string, string>;
}) {
  const content = (block['content'] ?? {}) as {
    rows?: Array<{ cells?: unknown[] }>;
    columnWidths?: Array<number | null | undefined>;
    headerRows?: number;
    headerCols?: number;
  };
  const rows = Array.isArray(content.rows) ? content.rows : [];
  const widths = Array.isArray(content.columnWidths) ? content.columnWidths : [];
  const firstRow = (rows[0]?.cells ?? []).map(tableCell);
  const columns = firstRow.reduce((sum, cell) => sum + (Number(cell.props['colspan']) || 1), 0);
  let total = 0;
  let fixed = true;
  const cols: ReactElement[] = [];
  for (let column = 0; column < columns; column += 1) {
    const width = widths[column];
    if (typeof width === 'number' && width > 0) {
      total += width;
      cols.push(<col key={column} style={{ width: `${width}px` }} />);
    } else {
      total += cellMinWidth;
      fixed = false;
      cols.push(<col key={column} />);
    }
  }
  const tableStyle = {
    '--default-cell-min-width': `${cellMinWidth}px`,
    ...(fixed ? { width: `${total}px` } : { minWidth: `${total}px` }),
  } as unknown as CSSProperties;
  const headerRows = Number(content.headerRows) || 0;
  const headerCols = Number(content.headerCols) || 0;
  return (
    <div className="bn-block-content" data-content-type="table" {...attributes}>
      <div className="tableWrapper">
        <div className="tableWrapper-inner">
          <table style={tableStyle}>
            <colgroup>{cols}</colgroup>
            <tbody>
              {rows.map((row, rowIndex) => {
                let column = 0;
                return (
                  <tr key={rowIndex}>
                    {(row.cells ?? []).map((raw, cellIndex) => {
                      const cell = tableCell(raw);
                      const colspan = Number(cell.props['colspan']) || 1;
                      const rowspan = Number(cell.props['rowspan']) || 1;
                      const cellWidths = widths.slice(column, column + colspan);
                      const header = rowIndex < headerRows || column < headerCols;
                      column += colspan;
                      const Cell = header ? 'th' : 'td';
                      const { colspan: _colspan, rowspan: _rowspan, ...rest } = cell.props;
                      const colwidth = cellWidths.every((width) => typeof width === 'number')
                        ? cellWidths.join(',')
                        : undefined;
                      return (
                        <Cell
                          key={cellIndex}
                          {...propAttributes(rest)}
                          colSpan={colspan}
                          rowSpan={rowspan}
                          {...(colwidth ? { colwidth } : {})}
                        >
                          <p>{renderInline(cell.content)}</p>
                        </Cell>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="table-widgets-container" style={{ position: 'relative' }} />
      </div>
    </div>
  );
}
