// Export of a page, a topic or a whole space as a .zip of Markdown: one .md per page in the
// tree's folders (a topic is a folder), the images and attachments the pages use under files/,
// links between exported pages rewritten to relative .md paths.
//
// What is exported follows reading: the caller must read the space (or the node), sees only the
// nodes `nodeShown` lets their audience see, and gets the draft as editors (the web app's editor
// shows editors the draft) or the published version as readers and visitors. A file goes in only
// when `filterReadable` lets the caller read it. The zip is streamed: pages are read one at a
// time and files streamed from storage as the archive is written.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { ErrorCode, fileIdOfBlockUrl, type Block } from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { StorageDriver } from '../../infra/storage/storage-driver.js';
import { blocksToMarkdown } from '../../lib/block-markdown.js';
import { isRecord } from '../../lib/block-text.js';
import * as fileRepo from '../file/index.js';
import * as pageRepo from '../page/index.js';
import { accessNode, accessSpace } from '../space/index.js';
import { audienceOf, filterReadable, nodeShown, type Audience } from '../space/index.js';
import * as treeRepo from '../tree/index.js';
import { FolderNames, pageIdOfHref, relativeHref, segmentOf } from './transfer-paths.js';

export interface ExportDeps {
  db: Database;
  storage: StorageDriver;
  treeRows: treeRepo.TreeRowsShape;
}

interface ExportNode {
  id: string;
  parentId: string | null;
  type: 'topic' | 'page' | 'link';
  name: string;
  url: string | null;
}

interface PlannedPage {
  id: string;
  path: string;
}

/** Told after each page written: `done` of the export's `total` pages. */
export type ExportProgress = (done: number, total: number) => void;

export interface ExportArchive {
  /** the download's file name */
  name: string;
  stream: Readable;
}

export interface ExportPlan {
  /** the export's name (the page, topic or space), without extension */
  name: string;
  audience: Audience;
  /** the pages in tree order, each with its path in a Markdown archive */
  pages: Array<PlannedPage & { title: string }>;
}

/**
 * Checks access and plans an export: which pages, in tree order, under which paths.
 * `nodeId` absent: the whole space.
 */
export async function planExport(
  deps: ExportDeps,
  userId: number | null,
  spaceId: string,
  nodeId: string | undefined,
): Promise<ExportPlan> {
  const { db } = deps;
  const { space, role } = await accessSpace(db, userId, spaceId, 'read');
  const audience = audienceOf(role);
  let root: ExportNode | null = null;
  if (nodeId !== undefined) {
    const { node } = await accessNode(db, userId, nodeId, 'read');
    if (node.spaceId !== spaceId) throw notFoundError();
    root = node;
  }
  const rows = (await treeRepo.liveTreeRows(db, spaceId, deps.treeRows)).filter((row) =>
    nodeShown(audience, row),
  ) as Array<ExportNode & { published: boolean }>;
  if (root && !rows.some((row) => row.id === root.id)) throw notFoundError();

  const children = new Map<string | null, ExportNode[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const pages: ExportPlan['pages'] = [];
  const names = new FolderNames();
  const walk = (parentId: string | null, folder: string) => {
    for (const node of children.get(parentId) ?? []) place(node, folder);
  };
  const place = (node: ExportNode, folder: string) => {
    if (node.type === 'page') {
      pages.push({
        id: node.id,
        title: node.name,
        path: names.claim(folder, segmentOf(node.name), '.md'),
      });
    } else if (node.type === 'topic') {
      walk(node.id, names.claim(folder, segmentOf(node.name)));
    }
    // external links have no content of their own: they are left out (docs/decisions/transfer.md)
  };
  if (root) place(root, '');
  else walk(null, '');
  return { name: segmentOf(root?.name ?? space.name), audience, pages };
}

/** The export as a .zip of Markdown, written while it streams. */
export async function exportMarkdown(
  deps: ExportDeps,
  userId: number | null,
  spaceId: string,
  nodeId: string | undefined,
  progress: ExportProgress = () => undefined,
): Promise<ExportArchive> {
  const plan = await planExport(deps, userId, spaceId, nodeId);
  const stream = new PassThrough();
  void writeArchive(deps, userId, plan.audience, plan.pages, stream, progress).catch(
    (error: unknown) => {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return { name: `${plan.name}.zip`, stream };
}

const notFoundError = () => new AppError(ErrorCode.dataMissing);

export async function pageBlocks(
  db: Database,
  audience: Audience,
  pageId: string,
): Promise<Block[]> {
  if (audience === 'editors') return pageRepo.draftBlocks(db, pageId);
  const state = await pageRepo.pageState(db, pageId);
  if (!state?.publishedVersion) return [];
  const version = await pageRepo.findVersion(db, pageId, state.publishedVersion);
  return version ? pageRepo.blocksOf(version.blocks) : [];
}

/** The file ids a page's blocks use (images, files, videos, audio), nested blocks too. */
export function fileIdsOf(blocks: unknown[], into: Set<string>) {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    const url = isRecord(block.props) ? block.props.url : undefined;
    const fileId = typeof url === 'string' ? fileIdOfBlockUrl(url) : null;
    if (fileId) into.add(fileId.toLowerCase());
    if (Array.isArray(block.children)) fileIdsOf(block.children, into);
  }
}

async function writeArchive(
  deps: ExportDeps,
  userId: number | null,
  audience: Audience,
  pages: PlannedPage[],
  out: PassThrough,
  progress: ExportProgress,
) {
  const { db, storage } = deps;
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('warning', (error) => out.destroy(error));
  archive.on('error', (error) => out.destroy(error));
  archive.pipe(out);
  const pagePaths = new Map(pages.map((page) => [page.id, page.path]));
  // file id → its path in the archive, once readable; null: not readable (left as it was)
  const filePaths = new Map<string, string | null>();
  const fileNames = new FolderNames();
  const pendingFiles: Array<{ id: string; path: string; key: string }> = [];

  const add = async (source: string | Readable, name: string) => {
    archive.append(source, { name });
    await once(archive, 'entry');
  };

  for (const [index, page] of pages.entries()) {
    const blocks = await pageBlocks(db, audience, page.id);
    const ids = new Set<string>();
    fileIdsOf(blocks, ids);
    const unknown = [...ids].filter((id) => !filePaths.has(id));
    if (unknown.length > 0) {
      const readable = await readableFiles(db, userId, unknown);
      for (const id of unknown) {
        const file = readable.get(id);
        if (!file) {
          filePaths.set(id, null);
          continue;
        }
        const dot = file.name.lastIndexOf('.');
        const base = dot > 0 ? file.name.slice(0, dot) : file.name;
        const extension = dot > 0 ? `.${segmentOf(file.name.slice(dot + 1))}` : '';
        const path = fileNames.claim('files', segmentOf(base), extension);
        filePaths.set(id, path);
        pendingFiles.push({ id, path, key: file.key });
      }
    }
    const markdown = blocksToMarkdown(blocks, {
      href: (href) => {
        const target = pageIdOfHref(href);
        const targetPath = target ? pagePaths.get(target) : undefined;
        return targetPath ? relativeHref(page.path, targetPath) : href;
      },
      fileUrl: (url) => {
        const fileId = fileIdOfBlockUrl(url)?.toLowerCase();
        const filePath = fileId ? filePaths.get(fileId) : undefined;
        return filePath ? relativeHref(page.path, filePath) : url;
      },
    });
    await add(markdown, page.path);
    // the files of this page right after it: nothing waits in memory but their paths
    for (const file of pendingFiles.splice(0)) {
      await add(await storage.read(file.key), file.path);
    }
    progress(index + 1, pages.length);
  }
  await archive.finalize();
}

export interface ExportedFile {
  name: string;
  mimeType: string;
  size: number;
  key: string;
}

/** The files among `ids` the caller may read, with where their bytes are. */
export async function readableFiles(
  db: Database,
  userId: number | null,
  ids: Iterable<string>,
): Promise<Map<string, ExportedFile>> {
  const out = new Map<string, ExportedFile>();
  for (const id of await filterReadable(db, userId, 'file', ids)) {
    const row = await fileRepo.findLiveFile(db, id);
    const blob = row ? await fileRepo.findBlob(db, row.file.blobId) : undefined;
    if (row && blob) {
      out.set(id, {
        name: row.file.name,
        mimeType: row.file.mimeType,
        size: row.file.size,
        key: blob.storageKey,
      });
    }
  }
  return out;
}
