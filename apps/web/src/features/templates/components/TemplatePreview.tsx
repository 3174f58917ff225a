// A light, read-only preview of a template's content in the gallery: a page's headings,
// paragraphs, lists, checklists, quotes and tables, or a topic's outline (its pages and topics).
// Not the page renderer: a preview needs the shape, not every block kind.
import type { ReactNode } from 'react';
import type { Block, TemplateNode } from '@library/contract';

interface InlineRun {
  text?: unknown;
  styles?: { bold?: boolean };
}

function runsOf(content: unknown): ReactNode {
  if (!Array.isArray(content)) return null;
  return (content as InlineRun[]).map((run, index) => {
    const text = typeof run.text === 'string' ? run.text : '';
    return run.styles?.bold ? <strong key={index}>{text}</strong> : <span key={index}>{text}</span>;
  });
}

interface TableContent {
  rows?: Array<{ cells?: unknown[] }>;
}

function cellContent(cell: unknown): unknown {
  if (Array.isArray(cell)) return cell;
  return typeof cell === 'object' && cell !== null ? (cell as { content?: unknown }).content : null;
}

function PreviewBlock({ block, number }: { block: Block; number?: number }) {
  const props = (block.props ?? {}) as Record<string, unknown>;
  const children = Array.isArray(block.children) ? (block.children as Block[]) : [];
  const nested =
    children.length > 0 ? (
      <div className="template-preview-children">
        {children.map((child) => (
          <PreviewBlock key={child.id} block={child} />
        ))}
      </div>
    ) : null;
  const text = runsOf(block.content);
  switch (block.type) {
    case 'heading': {
      const level = Number(props.level) || 2;
      return level <= 1 ? <h2>{text}</h2> : level === 2 ? <h3>{text}</h3> : <h4>{text}</h4>;
    }
    case 'bulletListItem':
      return (
        <div className="template-preview-item">
          <span aria-hidden>•</span>
          <span>{text}</span>
          {nested}
        </div>
      );
    case 'numberedListItem':
      return (
        <div className="template-preview-item">
          <span aria-hidden>{number ?? 1}.</span>
          <span>{text}</span>
        </div>
      );
    case 'checkListItem':
      return (
        <div className="template-preview-item">
          <input type="checkbox" checked={props.checked === true} readOnly tabIndex={-1} />
          <span>{text}</span>
        </div>
      );
    case 'quote':
      return <blockquote>{text}</blockquote>;
    case 'table': {
      const rows = ((block.content ?? {}) as TableContent).rows ?? [];
      return (
        <table>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {(row.cells ?? []).map((cell, cellIndex) =>
                  rowIndex === 0 ? (
                    <th key={cellIndex}>{runsOf(cellContent(cell))}</th>
                  ) : (
                    <td key={cellIndex}>{runsOf(cellContent(cell))}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    default:
      return (
        <p>
          {text}
          {nested}
        </p>
      );
  }
}

function Outline({ node }: { node: TemplateNode }) {
  const icon = node.type === 'topic' ? '🗂️' : node.type === 'link' ? '📎' : '📄';
  return (
    <li>
      <span aria-hidden>{icon}</span> {node.name}
      {node.type === 'topic' && node.children.length > 0 && (
        <ul>
          {node.children.map((child, index) => (
            <Outline key={index} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The number before each numbered list item: consecutive items count up from 1. */
function numberedIndexes(blocks: Block[]): Array<number | undefined> {
  let next = 0;
  return blocks.map((block, index) => {
    if (block.type !== 'numberedListItem') return undefined;
    next = blocks[index - 1]?.type === 'numberedListItem' ? next + 1 : 1;
    return next;
  });
}

export function TemplatePreview({ root }: { root: TemplateNode }) {
  if (root.type === 'page') {
    const numbers = numberedIndexes(root.blocks);
    return (
      <div className="template-preview" data-testid="template-preview">
        {root.blocks.map((block, index) => (
          <PreviewBlock key={block.id} block={block} number={numbers[index]} />
        ))}
      </div>
    );
  }
  return (
    <ul className="template-preview template-preview-outline" data-testid="template-preview">
      <Outline node={root} />
    </ul>
  );
}
