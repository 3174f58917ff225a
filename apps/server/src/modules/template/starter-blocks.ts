// BlockNote 0.51 blocks as the page editor saves them (every prop written out), for the starter
// templates: headings, paragraphs, lists, checklists, tables, quotes. Ids are made when a page
// is created from them (template-content.ts), so the ones here only need to be unique per page.
import type { Block } from '@library/contract';

let counter = 0;
const nextId = () => `s${(counter += 1).toString(36)}`;

const base = { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' };

/** A run of text; `**bold**` parts are written bold. */
function inline(text: string) {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('**') && part.endsWith('**')
        ? { type: 'text', text: part.slice(2, -2), styles: { bold: true } }
        : { type: 'text', text: part, styles: {} },
    );
}

function block(type: string, props: object, text: string, children: Block[] = []): Block {
  return { id: nextId(), type, props: { ...base, ...props }, content: inline(text), children };
}

export const h1 = (text: string) => block('heading', { level: 1, isToggleable: false }, text);
export const h2 = (text: string) => block('heading', { level: 2, isToggleable: false }, text);
export const h3 = (text: string) => block('heading', { level: 3, isToggleable: false }, text);
export const p = (text = '') => block('paragraph', {}, text);
export const quote = (text: string) =>
  block('quote', { textColor: 'default', backgroundColor: 'default' }, text);
export const bullet = (text: string, children: Block[] = []) =>
  block('bulletListItem', {}, text, children);
export const numbered = (text: string) => block('numberedListItem', {}, text);
export const check = (text: string, checked = false) => block('checkListItem', { checked }, text);

/** Several blocks of one kind, one per line. */
export const bullets = (...lines: string[]) => lines.map((line) => bullet(line));
export const numbers = (...lines: string[]) => lines.map(numbered);
export const checks = (...lines: string[]) => lines.map((line) => check(line));

const cellProps = {
  backgroundColor: 'default',
  textColor: 'default',
  textAlignment: 'left',
  colspan: 1,
  rowspan: 1,
};

/** A table: the first row is its header row. */
export function table(rows: string[][]): Block {
  const width = rows[0]?.length ?? 0;
  return {
    id: nextId(),
    type: 'table',
    props: { textColor: 'default' },
    content: {
      type: 'tableContent',
      columnWidths: Array.from({ length: width }, () => undefined),
      headerRows: 1,
      rows: rows.map((row) => ({
        cells: row.map((text) => ({ type: 'tableCell', props: cellProps, content: inline(text) })),
      })),
    },
    children: [],
  };
}
