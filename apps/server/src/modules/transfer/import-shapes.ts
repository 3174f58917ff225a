// The export zips of other tools, known by their shape and read as what they mean:
//
// - Notion: every page and folder is named `Title <32 hex id>`, links are URL-encoded paths to
//   those names, a page with sub-pages is `Title id.md` beside a folder `Title id/`, and a
//   database is `Title id.csv` (newer exports add `Title id_all.csv` with every row). Titles lose
//   their ids, a page goes into the topic of its sub-pages, a database becomes a page holding
//   its table (the `_all` one when both are there).
// - Confluence (HTML export): `index.html` lists the space's pages, each page is `Title_12345.html`
//   with breadcrumbs, a header, an attachments section and a footer around `#main-content`, its
//   files under `attachments/<page id>/`, the site's look under `styles/` and `images/icons/`.
//   The page is `#main-content` only, named by its title heading; the list, the look and the
//   chrome are left out.
//
// Links and images resolve as in any archive (relative paths to the new pages and stored files).
import path from 'node:path/posix';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';

export type ArchiveShape = 'plain' | 'notion' | 'confluence';

const notionId = /\s+[0-9a-f]{32}$/i;
const confluenceId = /_\d+$/;

const stemOf = (entryPath: string) => path.basename(entryPath, path.extname(entryPath));

/** Which tool's export the archive's entry paths look like. */
export function archiveShapeOf(paths: string[]): ArchiveShape {
  if (paths.some((entry) => entry.split('/').some((segment) => notionId.test(stemOf(segment))))) {
    return 'notion';
  }
  const html = paths.filter((entry) => /\.html?$/i.test(entry));
  if (
    html.some((entry) => path.basename(entry) === 'index.html') &&
    html.some((entry) => confluenceId.test(stemOf(entry)))
  ) {
    return 'confluence';
  }
  return 'plain';
}

/** Entries that are the exporting tool's own and not content: left out of the import. */
export function skippedEntry(shape: ArchiveShape, entryPath: string, all: Set<string>): boolean {
  if (shape === 'notion') {
    // the view's rows when every row is there too
    return entryPath.endsWith('.csv') && all.has(entryPath.replace(/\.csv$/, '_all.csv'));
  }
  if (shape === 'confluence') {
    const segments = entryPath.split('/');
    return (
      path.basename(entryPath) === 'index.html' ||
      segments.includes('styles') ||
      entryPath.includes('images/icons/')
    );
  }
  return false;
}

/** Whether an entry is a document of this shape beyond the plain kinds (Notion's databases). */
export const isDatabase = (shape: ArchiveShape, entryPath: string) =>
  shape === 'notion' && path.extname(entryPath).toLowerCase() === '.csv';

/** Other paths links may use for a document: a Notion database's view names its `_all` rows. */
export const otherPathsOf = (shape: ArchiveShape, documentPath: string) =>
  isDatabase(shape, documentPath) && documentPath.endsWith('_all.csv')
    ? [documentPath.replace(/_all\.csv$/, '.csv')]
    : [];

/** A file's or folder's name as a page's or topic's title, without the tool's ids. */
export function titleOf(shape: ArchiveShape, entryPath: string): string {
  let title = stemOf(entryPath).trim();
  if (shape === 'notion') title = title.replace(/_all$/, '').replace(notionId, '');
  if (shape === 'confluence') title = title.replace(confluenceId, '').replace(/[-+]/g, ' ');
  return Array.from(title.trim() || 'untitled')
    .slice(0, 255)
    .join('');
}

/**
 * Where a document sits in the tree, as a path: Notion's page with sub-pages goes first into
 * the folder of its sub-pages (which becomes a topic); everything else where it is.
 */
export function placeOf(shape: ArchiveShape, documentPath: string, folders: Set<string>) {
  if (shape !== 'notion') return documentPath;
  const folder = documentPath.slice(0, documentPath.length - path.extname(documentPath).length);
  return folders.has(folder) ? `${folder}/${path.basename(documentPath)}` : documentPath;
}

function findElement(nodes: RootContent[], test: (element: Element) => boolean): Element | null {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (test(node)) return node;
    const inner = findElement(node.children, test);
    if (inner) return inner;
  }
  return null;
}

/** The text inside an element. */
function textOf(node: Element | RootContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/**
 * A Confluence page: its `#main-content` (or the body, for a page without one) and the title of
 * its header (`Space : Title`, the space's name dropped).
 */
export function confluencePage(html: string): { root: Root; title: string | null } {
  const tree = fromHtml(html);
  const byId = (id: string) =>
    findElement(tree.children, (element) => element.properties.id === id);
  const main = byId('main-content');
  const heading = byId('title-text');
  const title = heading
    ? textOf(heading)
        .replace(/^.*? : /, '')
        .trim()
    : null;
  return { root: main ? { type: 'root', children: [main] } : tree, title: title || null };
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) as rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value !== ''));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!,
  );

/** A Notion database's CSV as an HTML table, its first row the header. */
export function csvTableHtml(text: string): string {
  const [head = [], ...rows] = parseCsv(text);
  const cells = (tag: string, values: string[]) =>
    values.map((value) => `<${tag}>${escapeHtml(value)}</${tag}>`).join('');
  return `<table><thead><tr>${cells('th', head)}</tr></thead><tbody>${rows
    .map((row) => `<tr>${cells('td', row)}</tr>`)
    .join('')}</tbody></table>`;
}
