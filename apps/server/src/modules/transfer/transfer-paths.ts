// Names inside an exported or imported archive: a node's name as a safe file or folder name,
// unique among its siblings, and the relative path from one page file to another.
import path from 'node:path/posix';

/** A tree node's name as one path segment (no separators, control characters or dot names). */
export function segmentOf(name: string): string {
  const cleaned = Array.from(
    name
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
      .trim()
      .replace(/^\.+/, '_'),
  )
    .slice(0, 120)
    .join('');
  return cleaned || 'untitled';
}

/** Hands out unique names within one folder ("a.md", "a (2).md", …), case-insensitively. */
export class FolderNames {
  private readonly taken = new Map<string, Set<string>>();

  claim(folder: string, base: string, extension = ''): string {
    let names = this.taken.get(folder);
    if (!names) {
      names = new Set();
      this.taken.set(folder, names);
    }
    let candidate = `${base}${extension}`;
    for (let index = 2; names.has(candidate.toLowerCase()); index += 1) {
      candidate = `${base} (${index})${extension}`;
    }
    names.add(candidate.toLowerCase());
    return folder ? `${folder}/${candidate}` : candidate;
  }
}

/** The href from the file `from` to the file `to` (both archive paths), URL-encoded per segment. */
export function relativeHref(from: string, to: string): string {
  const relative = path.relative(path.dirname(from), to) || path.basename(to);
  return relative
    .split('/')
    .map((segment) => (segment === '..' ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** A page of this library linked from a page: its id, from the app's page paths. */
export function pageIdOfHref(href: string): string | null {
  const match =
    /^(?:https?:\/\/[^/]+)?\/(?:space|open-space|space-mobile)\/[0-9a-f-]{36}\/page\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#].*)?$/i.exec(
      href,
    );
  return match?.[1]?.toLowerCase() ?? null;
}

/** The app's path of a page (what an internal link in a page holds). */
export const pageHref = (spaceId: string, pageId: string) => `/space/${spaceId}/page/${pageId}`;
