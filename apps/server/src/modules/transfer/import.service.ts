// Import into a topic (or a space's root): one Markdown, HTML or Word document, or a .zip of
// them with their images and attachments. Folders become topics, documents pages, every other
// entry a file of the space (through file.service's upload: its quotas, type refusals and
// de-duplication). Links between imported documents point to the new pages, images and linked
// attachments to the stored files.
//
// Nothing is half-imported: files are stored first (each its own upload); the topics, pages and
// blocks are then written in one transaction, which also attaches each file to the first page
// using it. When anything fails, the files stored so far are destroyed again.
import { randomUUID } from 'node:crypto';
import path from 'node:path/posix';
import { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import mammoth from 'mammoth';
import {
  ErrorCode,
  fileBlockUrl,
  fileIdOfBlockUrl,
  importLimits,
  type Block,
  type ImportProblem,
  type ImportProblemCode,
  type ImportReport,
} from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import {
  htmlToBlocks,
  markdownToBlocks,
  type MarkdownInOptions,
} from '../../lib/block-markdown.js';
import { isRecord } from '../../lib/block-text.js';
import { positionBetween, positionsBetween } from '../../lib/position.js';
import { requireFeature } from '../account/account.policy.js';
import * as fileRepo from '../file/file.repo.js';
import { uploadFile, type FileDeps } from '../file/file.service.js';
import * as pageRepo from '../page/page.repo.js';
import * as treeRepo from '../tree/tree.repo.js';
import {
  badArchive,
  openZip,
  readBytes,
  readText,
  tooLarge,
  type ArchiveEntry,
} from './import-archive.js';
import {
  checkImportTarget,
  documentKinds,
  extensionOf,
  importFormatOf,
  liveTopic,
  type DocumentKind,
} from './import-target.js';
import {
  archiveShapeOf,
  confluencePage,
  csvTableHtml,
  isDatabase,
  otherPathsOf,
  placeOf,
  skippedEntry,
  titleOf,
  type ArchiveShape,
} from './import-shapes.js';
import { pageHref } from './transfer-paths.js';

interface ImportDocument {
  /** the path in the archive (the upload's name for a single document) */
  path: string;
  /** where it goes in the tree, as a path (import-shapes.ts `placeOf`) */
  place: string;
  /** a Notion database is a CSV file */
  kind: DocumentKind | 'csv';
  source: string | Buffer;
  pageId: string;
  /** the page's name, when the document names itself (a Confluence page's heading) */
  title?: string;
}

interface StoredFile {
  id: string;
  path: string;
}

class ImportRun {
  readonly problems: ImportProblem[] = [];

  /** Notes what could not be converted, once per document, code and detail. */
  problem(path: string, code: ImportProblemCode, detail = '') {
    if (!this.problems.some((p) => p.path === path && p.code === code && p.detail === detail)) {
      this.problems.push({ path, code, detail });
    }
  }
  readonly stored: StoredFile[] = [];
  private readonly filesByPath = new Map<string, string>();
  private readonly pagesByPath = new Map<string, string>();
  private readRoom = importLimits.uncompressedBytes;

  shape: ArchiveShape = 'plain';

  constructor(
    readonly deps: FileDeps,
    readonly userId: number,
    readonly spaceId: string,
  ) {}

  /** Counts bytes actually read against the archive's limit (a lying central directory). */
  spend(bytes: number) {
    this.readRoom -= bytes;
    if (this.readRoom < 0) {
      throw tooLarge(`the archive unpacks to more than ${importLimits.uncompressedBytes} bytes`);
    }
  }

  async storeFile(entryPath: string, file: Readable) {
    try {
      const stored = await uploadFile(this.deps, this.userId, this.spaceId, undefined, {
        filename: path.basename(entryPath),
        file,
      });
      this.stored.push({ id: stored.fileId, path: entryPath });
      this.filesByPath.set(entryPath, stored.fileId);
      this.spend(stored.size);
      return stored.fileId;
    } catch (error) {
      // a type the library refuses, or an empty file: reported, the rest goes on
      if (
        error instanceof AppError &&
        (error.code === ErrorCode.fileTypeUnsupported ||
          error.code === ErrorCode.emptyFileUnsupported)
      ) {
        file.resume();
        this.problem(entryPath, 'typeRefused');
        return null;
      }
      throw error;
    }
  }

  notePage(documentPath: string, pageId: string) {
    this.pagesByPath.set(documentPath, pageId);
  }

  /** A relative reference in the document at `from` → the archive path it names, or null. */
  private target(from: string, reference: string): string | null {
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('/')) return null;
    if (reference.startsWith('#') || reference === '') return null;
    const bare = reference.split(/[?#]/)[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(bare);
    } catch {
      decoded = bare;
    }
    const joined = path.normalize(path.join(path.dirname(from), decoded));
    return joined.startsWith('..') ? null : joined;
  }

  optionsFor(document: ImportDocument): MarkdownInOptions {
    const where = document.path;
    const file = (reference: string) => {
      const target = this.target(where, reference);
      const fileId = target ? this.filesByPath.get(target) : undefined;
      return fileId ? fileBlockUrl(fileId) : null;
    };
    return {
      href: (href) => {
        const target = this.target(where, href);
        const pageId = target ? this.pagesByPath.get(target) : undefined;
        if (pageId) return pageHref(this.spaceId, pageId);
        return file(href) ?? href;
      },
      imageUrl: (url) => {
        if (/^(https?:)?\/\//i.test(url)) return url;
        const stored = file(url);
        if (!stored && !url.startsWith('data:')) {
          this.problem(where, 'imageNotFound', url);
        }
        if (!stored && url.startsWith('data:')) {
          this.problem(where, 'embeddedImage');
        }
        return stored;
      },
      fileUrl: file,
      lost: (what) => this.problem(where, 'notConverted', what),
    };
  }

  /** A document as blocks; Word's images are stored as files on the way. */
  async blocksOf(document: ImportDocument): Promise<Block[]> {
    const options = this.optionsFor(document);
    if (document.kind === 'markdown') return markdownToBlocks(String(document.source), options);
    if (document.kind === 'csv')
      return htmlToBlocks(csvTableHtml(String(document.source)), options);
    if (document.kind === 'html' && this.shape === 'confluence') {
      const page = confluencePage(String(document.source));
      if (page.title) document.title = page.title;
      return htmlToBlocks(page.root, options);
    }
    if (document.kind === 'html') return htmlToBlocks(String(document.source), options);
    let index = 0;
    const result = await mammoth.convertToHtml(
      { buffer: document.source as Buffer },
      {
        convertImage: mammoth.images.imgElement(async (image) => {
          index += 1;
          const bytes = Buffer.from(await image.read());
          const extension = (image.contentType.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/g, '');
          const name = `${document.path}#image-${index}.${extension}`;
          const fileId = await this.storeFile(name, Readable.from([bytes]));
          return { src: fileId ? fileBlockUrl(fileId) : '' };
        }),
      },
    );
    for (const message of result.messages) {
      if (message.type === 'warning') {
        this.problem(document.path, 'wordWarning', message.message);
      }
    }
    return htmlToBlocks(result.value, {
      ...options,
      imageUrl: (url) => (fileIdOfBlockUrl(url) ? url : null),
    });
  }

  /** Destroys the files stored by this run (the import failed). */
  async undo() {
    if (this.stored.length === 0) return;
    const keys = await fileRepo.destroyFiles(
      this.deps.db,
      this.stored.map((file) => file.id),
    );
    for (const key of keys) await this.deps.storage.remove(key).catch(() => undefined);
  }
}

/** Counts an import's steps: each entry read or stored, each document converted, the write. */
export interface ImportProgress {
  total(steps: number): void;
  step(): void;
}

/**
 * Imports the upload saved at `upload.file` (named `upload.name` by its sender) into the topic
 * `parentId` (or the root) as `userId`. A .zip is checked (limits, paths) before anything is
 * extracted.
 */
export async function runImport(
  deps: FileDeps,
  userId: number,
  spaceId: string,
  parentId: string | null,
  upload: { name: string; file: string },
  progress: ImportProgress,
): Promise<ImportReport> {
  const { db } = deps;
  const { space } = await checkImportTarget(db, userId, spaceId, parentId);
  const format = importFormatOf(upload.name);
  const run = new ImportRun(deps, userId, spaceId);
  try {
    const documents: ImportDocument[] = [];
    if (format === 'zip') {
      const all = await openZip(upload.file);
      run.shape = archiveShapeOf(all.map((entry) => entry.path));
      const paths = new Set(all.map((entry) => entry.path));
      const entries = all.filter((entry) => !skippedEntry(run.shape, entry.path, paths));
      const documentCount = entries.filter((entry) => documentKindOf(run.shape, entry.path));
      progress.total(entries.length + documentCount.length + 1);
      await collect(run, entries, documents, progress);
    } else {
      progress.total(3);
      const stream = createReadStream(upload.file);
      const source =
        format === 'docx'
          ? await readBytes(stream, importLimits.documentBytes, upload.name)
          : await readText(stream, importLimits.documentBytes, upload.name);
      documents.push({
        path: upload.name,
        place: upload.name,
        kind: format,
        source,
        pageId: randomUUID(),
      });
      run.notePage(upload.name, documents[0]!.pageId);
      progress.step();
    }
    if (documents.length === 0) throw badArchive('no Markdown, HTML or Word document to import');

    const pages: Array<{ document: ImportDocument; blocks: Block[] }> = [];
    for (const document of documents) {
      pages.push({ document, blocks: await run.blocksOf(document) });
      progress.step();
    }
    const topics = topicsOf(documents);
    if (topics.length > 0) {
      await requireFeature(db, userId, 'createTopic');
      if (space.ownerId !== userId) await requireFeature(db, userId, 'joinTopic');
    }
    await writeTree(db, userId, spaceId, parentId, run.shape, topics, pages);
    progress.step();
    return {
      parentId,
      topics: topics.length,
      pages: pages.length,
      files: run.stored.length,
      firstPageId: pages[0]?.document.pageId ?? null,
      problems: run.problems,
    };
  } catch (error) {
    await run.undo();
    throw error;
  }
}

/** Reads the documents of an archive and stores its other entries as files. */
async function collect(
  run: ImportRun,
  entries: ArchiveEntry[],
  documents: ImportDocument[],
  progress: ImportProgress,
) {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of sorted) {
    const kind = documentKindOf(run.shape, entry.path);
    if (kind) {
      if (entry.size > importLimits.documentBytes) {
        throw tooLarge(`${entry.path} is larger than ${importLimits.documentBytes} bytes`);
      }
      const source =
        kind === 'docx'
          ? await readBytes(entry.open(), importLimits.documentBytes, entry.path)
          : await readText(entry.open(), importLimits.documentBytes, entry.path);
      run.spend(typeof source === 'string' ? Buffer.byteLength(source) : source.length);
      const document = { path: entry.path, place: entry.path, kind, source, pageId: randomUUID() };
      documents.push(document);
      for (const name of [entry.path, ...otherPathsOf(run.shape, entry.path)]) {
        run.notePage(name, document.pageId);
      }
    } else {
      await run.storeFile(entry.path, entry.open());
    }
    progress.step();
  }
  const folders = new Set(documents.flatMap((document) => foldersOf(document.path)));
  for (const document of documents) document.place = placeOf(run.shape, document.path, folders);
  documents.sort((a, b) => compareTreeOrder(a.place, b.place));
}

/** The folders a path is in, innermost first. */
function foldersOf(entryPath: string): string[] {
  const out: string[] = [];
  for (let folder = path.dirname(entryPath); folder !== '.' && folder !== '';) {
    out.push(folder);
    folder = path.dirname(folder);
  }
  return out;
}

/** A document's kind by its name; a Notion database (CSV) is one too. */
const documentKindOf = (shape: ArchiveShape, entryPath: string) =>
  isDatabase(shape, entryPath) ? ('csv' as const) : documentKinds[extensionOf(entryPath)];

/** Folders before the documents beside them (as a tree shows topics), then by name. */
function compareTreeOrder(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; ; index += 1) {
    const x = left[index];
    const y = right[index];
    if (x === undefined || y === undefined) return left.length - right.length;
    if (x === y) continue;
    const xFolder = index < left.length - 1;
    const yFolder = index < right.length - 1;
    if (xFolder !== yFolder) return xFolder ? -1 : 1;
    return x.localeCompare(y, 'zh-Hans-CN', { numeric: true });
  }
}

/** The folders holding documents, parents first (files-only folders make no topic). */
function topicsOf(documents: ImportDocument[]): string[] {
  const folders = new Set(documents.flatMap((document) => foldersOf(document.place)));
  // parents before their sub-folders, siblings in tree order
  const depth = (folder: string) => folder.split('/').length;
  return [...folders].sort((a, b) => depth(a) - depth(b) || compareTreeOrder(`${a}/x`, `${b}/x`));
}

/** The new topics, pages and blocks in one transaction under the space's lock. */
async function writeTree(
  db: FileDeps['db'],
  userId: number,
  spaceId: string,
  parentId: string | null,
  shape: ArchiveShape,
  topics: string[],
  pages: Array<{ document: ImportDocument; blocks: Block[] }>,
) {
  await db.transaction(async (tx) => {
    if (!(await treeRepo.lockSpace(tx, spaceId))) throw new AppError(ErrorCode.dataMissing);
    if (parentId !== null) await liveTopic(tx, spaceId, parentId);
    const now = new Date();
    const folderIds = new Map<string, string | null>([['.', parentId]]);
    const lastIn = new Map<string | null, string | null>();
    const nextPosition = async (parent: string | null) => {
      const last = lastIn.has(parent)
        ? (lastIn.get(parent) ?? null)
        : await treeRepo.lastPosition(tx, spaceId, parent);
      const position = positionBetween(last, null);
      lastIn.set(parent, position);
      return position;
    };
    const base = { spaceId, createdBy: userId, updatedBy: userId, createdAt: now, updatedAt: now };
    // topics first, parents before children (`topicsOf`), then the pages in tree order
    const order = [
      ...topics.map((folder) => ({ folder, page: undefined })),
      ...pages.map((page) => ({ folder: path.dirname(page.document.place), page })),
    ];
    const attached = new Set<string>();
    for (const { folder, page } of order) {
      if (!page) {
        const parent = folderIds.get(path.dirname(folder)) ?? parentId;
        const topic = await treeRepo.insertNode(tx, {
          ...base,
          parentId: parent,
          type: 'topic',
          name: titleOf(shape, folder),
          position: await nextPosition(parent),
        });
        folderIds.set(folder, topic.id);
        continue;
      }
      const parent = folderIds.get(folder) ?? parentId;
      const pageId = page.document.pageId;
      await treeRepo.insertNode(tx, {
        ...base,
        id: pageId,
        parentId: parent,
        type: 'page',
        name: page.document.title ?? titleOf(shape, page.document.path),
        position: await nextPosition(parent),
      });
      const positions = positionsBetween(null, null, page.blocks.length);
      await pageRepo.upsertBlocks(
        tx,
        pageId,
        page.blocks.map((block, index) => ({
          blockId: block.id,
          position: positions[index] as string,
          data: block,
        })),
        now,
      );
      const used = new Set<string>();
      fileIdsIn(page.blocks, used);
      for (const fileId of used) {
        if (attached.has(fileId)) continue;
        attached.add(fileId);
        await fileRepo.updateFile(tx, fileId, { pageId });
      }
      await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
    }
  });
}

function fileIdsIn(blocks: unknown[], into: Set<string>) {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    const url = isRecord(block.props) ? block.props.url : undefined;
    const fileId = typeof url === 'string' ? fileIdOfBlockUrl(url) : null;
    if (fileId) into.add(fileId);
    if (Array.isArray(block.children)) fileIdsIn(block.children, into);
    if (Array.isArray(block.content)) fileIdsIn(block.content, into);
    // links to attachments inside text
    if (isRecord(block) && block.type === 'link' && typeof block.href === 'string') {
      const linked = fileIdOfBlockUrl(block.href);
      if (linked) into.add(linked);
    }
  }
}
