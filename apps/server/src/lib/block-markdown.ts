// Markdown of BlockNote JSON, for readers outside the app (the MCP server's read_page tool):
// headings, paragraphs, lists (nested by the block's children), check lists, quotes, code, tables,
// images and files as links, inline bold/italic/code/strike and links. Unknown blocks fall back to
// their plain text (block-text.ts), so nothing readable is lost.
import { inlineText, isRecord } from './block-text.js';

function inlineMarkdown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(inlineMarkdown).join('');
  if (!isRecord(value)) return '';
  if (value.type === 'link' && typeof value.href === 'string') {
    return `[${inlineMarkdown(value.content)}](${value.href})`;
  }
  if (typeof value.text === 'string') {
    let text = value.text;
    if (text === '') return '';
    const styles = isRecord(value.styles) ? value.styles : {};
    if (styles.code === true) return `\`${text}\``;
    if (styles.bold === true) text = `**${text}**`;
    if (styles.italic === true) text = `*${text}*`;
    if (styles.strike === true) text = `~~${text}~~`;
    return text;
  }
  return inlineText(value);
}

function tableMarkdown(content: Record<string, unknown>): string {
  const rows = Array.isArray(content.rows) ? content.rows : [];
  const lines = rows.map((row) => {
    const cells = isRecord(row) && Array.isArray(row.cells) ? row.cells : [];
    const texts = cells.map((cell) =>
      inlineMarkdown(isRecord(cell) && 'content' in cell ? cell.content : cell)
        .replaceAll('|', '\\|')
        .replaceAll('\n', ' '),
    );
    return `| ${texts.join(' | ')} |`;
  });
  if (lines.length === 0) return '';
  const width = (lines[0]!.match(/ \| /g)?.length ?? 0) + 1;
  lines.splice(1, 0, `|${' --- |'.repeat(width)}`);
  return lines.join('\n');
}

function blockMarkdown(block: unknown, depth: number, index: number): string {
  if (!isRecord(block)) return '';
  const props = isRecord(block.props) ? block.props : {};
  const indent = '  '.repeat(depth);
  const text = inlineMarkdown(block.content);
  let own: string;
  switch (block.type) {
    case 'heading': {
      const level = Math.min(Math.max(Number(props.level) || 1, 1), 6);
      own = `${'#'.repeat(level)} ${text}`;
      break;
    }
    case 'bulletListItem':
      own = `${indent}- ${text}`;
      break;
    case 'numberedListItem':
      own = `${indent}${index + 1}. ${text}`;
      break;
    case 'checkListItem':
      own = `${indent}- [${props.checked === true ? 'x' : ' '}] ${text}`;
      break;
    case 'quote':
      own = `> ${text}`;
      break;
    case 'codeBlock':
      own = `\`\`\`${typeof props.language === 'string' ? props.language : ''}\n${inlineText(block.content)}\n\`\`\``;
      break;
    case 'table':
      own = isRecord(block.content) ? tableMarkdown(block.content) : '';
      break;
    case 'image': {
      const url = typeof props.url === 'string' ? props.url : '';
      const caption = typeof props.caption === 'string' ? props.caption : '';
      own = url
        ? `![${caption || (typeof props.name === 'string' ? props.name : '')}](${url})`
        : '';
      break;
    }
    case 'file':
    case 'video':
    case 'audio': {
      const url = typeof props.url === 'string' ? props.url : '';
      const name = typeof props.name === 'string' && props.name ? props.name : url;
      own = url ? `[${name}](${url})` : '';
      break;
    }
    default:
      own = text;
  }
  const children = Array.isArray(block.children) ? block.children : [];
  const listLike = ['bulletListItem', 'numberedListItem', 'checkListItem'].includes(
    String(block.type),
  );
  const nested = blocksToLines(children, listLike ? depth + 1 : depth);
  return [own, ...nested].filter((part) => part !== '').join(listLike ? '\n' : '\n\n');
}

function blocksToLines(blocks: unknown[], depth: number): string[] {
  let numbered = 0;
  return blocks.map((block) => {
    const isNumbered = isRecord(block) && block.type === 'numberedListItem';
    const markdown = blockMarkdown(block, depth, isNumbered ? numbered : 0);
    numbered = isNumbered ? numbered + 1 : 0;
    return markdown;
  });
}

/** The page's blocks as Markdown; list items stay on consecutive lines, other blocks apart. */
export function blocksToMarkdown(blocks: unknown[]): string {
  const parts = blocksToLines(blocks, 0).filter((part) => part !== '');
  let out = '';
  parts.forEach((part, i) => {
    if (i > 0) {
      const list = /^\s*(- |\d+\. )/;
      out += list.test(parts[i - 1]!.split('\n').at(-1) ?? '') && list.test(part) ? '\n' : '\n\n';
    }
    out += part;
  });
  return out;
}
