// An import's layout: where each converted document goes in the tree and in what order, as the
// new content the tree's `insertContent` makes. Folders holding documents become topics (named
// after the page they were made for, when there is one), documents pages; siblings come in the
// order people expect of the archive they exported.
import path from 'node:path/posix';
import { fileIdOfBlockUrl, type Block } from '@library/contract';
import { isRecord } from '../../lib/block-text.js';
import type { NewContent } from '../tree/index.js';

/** A document of the import, converted. */
export interface PlannedPage {
  /** where it goes, as a path in the tree (import-shapes.ts `placeOf`) */
  place: string;
  pageId: string;
  name: string;
  blocks: Block[];
}

/** What orders siblings beyond their names. */
export interface SiblingHints {
  /** the places of the pages that head the topic made for them (they come first in it) */
  heads: ReadonlySet<string>;
  /** Confluence: the pages' order in its index, by file stem (a page's and its topic's) */
  rank: ReadonlyMap<string, number>;
}

interface Sibling {
  place: string;
  folder: boolean;
}

/**
 * Two places beside each other in the tree: the page a topic was made for first in it, then
 * Confluence's page order where it is known, then topics before pages (as a tree shows them),
 * then by name.
 */
export function siblingOrder(hints: SiblingHints, a: Sibling, b: Sibling): number {
  const heads = Number(hints.heads.has(b.place)) - Number(hints.heads.has(a.place));
  if (heads) return heads;
  const rankOf = (place: string) =>
    hints.rank.get(path.basename(place, path.extname(place))) ?? Infinity;
  const byRank = rankOf(a.place) - rankOf(b.place);
  if (byRank) return byRank;
  if (a.folder !== b.folder) return a.folder ? -1 : 1;
  return path
    .basename(a.place)
    .localeCompare(path.basename(b.place), 'zh-Hans-CN', { numeric: true });
}

/** Two places (paths in the tree) in tree order: a folder before what is in it. */
export function treeOrder(hints: SiblingHints, a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; ; index += 1) {
    const x = left[index];
    const y = right[index];
    if (x === undefined || y === undefined) return left.length - right.length;
    if (x === y) continue;
    return siblingOrder(
      hints,
      { place: left.slice(0, index + 1).join('/'), folder: index < left.length - 1 },
      { place: right.slice(0, index + 1).join('/'), folder: index < right.length - 1 },
    );
  }
}

/** The folders a path is in, innermost first. */
export function foldersOf(entryPath: string): string[] {
  const out: string[] = [];
  for (let folder = path.dirname(entryPath); folder !== '.' && folder !== '';) {
    out.push(folder);
    folder = path.dirname(folder);
  }
  return out;
}

/** The topics an import makes: the folders holding documents (files-only folders make none). */
export const topicsOf = (places: string[]) => [...new Set(places.flatMap(foldersOf))];

/**
 * The tree to make from the pages: a topic per folder of theirs, each folder's topics and pages
 * in sibling order; a page uses the files its blocks point to. `topicName` names a folder no
 * page heads.
 */
export function planContent(
  pages: PlannedPage[],
  hints: SiblingHints,
  topicName: (folder: string) => string,
): NewContent[] {
  const heads = new Map<string, PlannedPage>();
  for (const page of pages) {
    if (hints.heads.has(page.place)) heads.set(path.dirname(page.place), page);
  }
  type Entry = { place: string; folder: boolean; page: PlannedPage | null };
  const inFolder = new Map<string, Entry[]>();
  const add = (folder: string, entry: Entry) => {
    const entries = inFolder.get(folder);
    if (entries) entries.push(entry);
    else inFolder.set(folder, [entry]);
  };
  for (const folder of topicsOf(pages.map((page) => page.place))) {
    add(path.dirname(folder), { place: folder, folder: true, page: null });
  }
  for (const page of pages)
    add(path.dirname(page.place), { place: page.place, folder: false, page });

  const build = (folder: string): NewContent[] =>
    (inFolder.get(folder) ?? [])
      .sort((a, b) => siblingOrder(hints, a, b))
      .map((entry): NewContent => {
        if (entry.page) {
          const { pageId, name, blocks } = entry.page;
          return { type: 'page', id: pageId, name, blocks, fileIds: fileIdsIn(blocks) };
        }
        const head = heads.get(entry.place);
        return {
          type: 'topic',
          name: head ? head.name : topicName(entry.place),
          children: build(entry.place),
        };
      });
  return build('.');
}

/** The files blocks point to: images, attachments, and links to attachments inside text. */
function fileIdsIn(blocks: unknown[], into = new Set<string>()): string[] {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    const url = isRecord(block.props) ? block.props.url : undefined;
    const fileId = typeof url === 'string' ? fileIdOfBlockUrl(url) : null;
    if (fileId) into.add(fileId);
    if (block.type === 'link' && typeof block.href === 'string') {
      const linked = fileIdOfBlockUrl(block.href);
      if (linked) into.add(linked);
    }
    if (Array.isArray(block.children)) fileIdsIn(block.children, into);
    if (Array.isArray(block.content)) fileIdsIn(block.content, into);
  }
  return [...into];
}
