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
//   The page is `#main-content` only, named by its title heading; the look and the chrome are
//   left out. The page tree comes back from the index's nested lists (a page it does not list:
//   from its breadcrumbs): a page with child pages becomes a topic holding it and its children.
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

/** Confluence's list of the space's pages (its page tree). */
export const isConfluenceIndex = (shape: ArchiveShape, entryPath: string) =>
  shape === 'confluence' && path.basename(entryPath) === 'index.html';

/** Entries that are the exporting tool's own and not content: left out of the import. */
export function skippedEntry(shape: ArchiveShape, entryPath: string, all: Set<string>): boolean {
  if (shape === 'notion') {
    // the view's rows when every row is there too
    return entryPath.endsWith('.csv') && all.has(entryPath.replace(/\.csv$/, '_all.csv'));
  }
  if (shape === 'confluence') {
    const segments = entryPath.split('/');
    return (
      isConfluenceIndex(shape, entryPath) ||
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

/**
 * Where a Confluence page sits, as a path: in a folder per ancestor page (named by its file's
 * stem), and, when it has child pages, first in a folder of its own beside them — so a page with
 * children becomes a topic holding the page and its children, like a Notion page with sub-pages.
 */
export function confluencePlaceOf(
  documentPath: string,
  parentOf: Map<string, string | null>,
  hasChildren: boolean,
) {
  const folders: string[] = hasChildren ? [stemOf(documentPath)] : [];
  for (let parent = parentOf.get(documentPath) ?? null; parent !== null;) {
    folders.unshift(stemOf(parent));
    parent = parentOf.get(parent) ?? null;
  }
  return path.join(path.dirname(documentPath), ...folders, path.basename(documentPath));
}

/** Whether a document heads the folder it is placed in (a page with sub-pages, first in its topic). */
export const headsFolder = (documentPath: string, place: string) =>
  path.dirname(place) !== path.dirname(documentPath) &&
  path.basename(path.dirname(place)) === stemOf(documentPath);

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

/** The archive path a link in the file `from` names (null: another site, an anchor, outside). */
export function linkedPath(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return null;
  if (href.startsWith('#') || href === '') return null;
  const bare = href.split(/[?#]/)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    decoded = bare;
  }
  const joined = path.normalize(path.join(path.dirname(from), decoded));
  return joined.startsWith('..') ? null : joined;
}

/** The first link of a list item, not counting the items of its sub-lists. */
function itemLink(item: Element): string | null {
  for (const child of item.children) {
    if (child.type !== 'element' || child.tagName === 'ul' || child.tagName === 'ol') continue;
    if (child.tagName === 'a' && typeof child.properties.href === 'string') {
      return child.properties.href;
    }
    const inner = itemLink(child);
    if (inner) return inner;
  }
  return null;
}

/**
 * Confluence's page tree, as its `index.html` lists it (nested `<ul>`/`<li>` of links): each
 * linked page's href with the href it is listed under (null at the top), in the list's order.
 */
export function confluenceIndex(html: string): Array<{ href: string; parent: string | null }> {
  const out: Array<{ href: string; parent: string | null }> = [];
  const visit = (nodes: RootContent[], parent: string | null) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const href = node.tagName === 'li' ? itemLink(node) : null;
      if (href) out.push({ href, parent });
      visit(node.children, href ?? parent);
    }
  };
  visit(fromHtml(html).children, null);
  return out;
}

/**
 * A Confluence page's parent by its breadcrumbs (`<ol id="breadcrumbs">`: the space's page
 * list, then the ancestors, the parent last): the parent's href, or null.
 */
export function confluenceBreadcrumbParent(html: string): string | null {
  const match = /<ol\b[^>]*\bid=["']?breadcrumbs\b[^>]*>([\s\S]*?)<\/ol>/i.exec(html);
  if (!match) return null;
  const hrefs: string[] = [];
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        hrefs.push(node.properties.href);
      }
      visit(node.children);
    }
  };
  visit(fromHtml(match[1] ?? '', { fragment: true }).children);
  return hrefs.at(-1) ?? null;
}

/**
 * Confluence's page hierarchy over the pages of an export: each page's parent page (by the
 * `index.html` nesting; a page it does not list by its breadcrumbs; else none) and its rank in
 * the index's order (the pages it does not list have none). A parent that would close a loop
 * (breadcrumbs can say anything) is dropped.
 */
export function confluenceHierarchy(
  indexes: Array<{ path: string; html: string }>,
  pages: Array<{ path: string; html: string }>,
) {
  const known = new Set(pages.map((page) => page.path));
  const resolve = (from: string, href: string | null) => {
    const target = href === null ? null : linkedPath(from, href);
    return target !== null && known.has(target) ? target : null;
  };
  const parentOf = new Map<string, string | null>();
  const rank = new Map<string, number>();
  for (const index of indexes) {
    for (const { href, parent } of confluenceIndex(index.html)) {
      const page = resolve(index.path, href);
      if (page === null || rank.has(page)) continue;
      rank.set(page, rank.size);
      parentOf.set(page, resolve(index.path, parent));
    }
  }
  for (const page of pages) {
    if (!parentOf.has(page.path)) {
      parentOf.set(page.path, resolve(page.path, confluenceBreadcrumbParent(page.html)));
    }
  }
  for (const page of [...known].sort()) {
    const seen = new Set([page]);
    for (let current = page; ;) {
      const parent = parentOf.get(current) ?? null;
      if (parent === null) break;
      if (seen.has(parent)) {
        parentOf.set(current, null);
        break;
      }
      seen.add(parent);
      current = parent;
    }
  }
  return { parentOf, rank };
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
  return {
    root: main ? { type: 'root', children: [main] } : tree,
    // a node's name is at most 255 characters, as `titleOf` makes them
    title: title ? Array.from(title).slice(0, 255).join('') : null,
  };
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
