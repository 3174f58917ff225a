// Import into a topic (or a space's root): one Markdown, HTML or Word document, or a .zip of
// them with their images and attachments. Folders become topics, documents pages, every other
// entry a file of the space (through file.service's upload: its quotas, type refusals and
// de-duplication). Links between imported documents point to the new pages, images and linked
// attachments to the stored files.
//
// Nothing is half-imported: files are stored first (each its own upload), marked with the import
// (`space_files.import_id`, the transfer's id); the topics, pages and blocks are then written in
// one transaction, which also attaches each file to the first page using it, clears the marks
// and ends the transfer done. The `transfer.run` job destroys the files still marked with its
// import when the import fails, and before a run picks up one cut off by a restart.
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
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import {
  htmlToBlocks,
  markdownToBlocks,
  type MarkdownInOptions,
} from '../../lib/block-markdown.js';
import { isRecord } from '../../lib/block-text.js';
import { positionsBetween } from '../../lib/position.js';
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
  confluenceHierarchy,
  confluencePage,
  confluencePlaceOf,
  csvTableHtml,
  headsFolder,
  isConfluenceIndex,
  isDatabase,
  linkedPath,
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

class ImportRun {
  readonly problems: ImportProblem[] = [];

  /** Notes what could not be converted, once per document, code and detail. */
  problem(path: string, code: ImportProblemCode, detail = '') {
    if (!this.problems.some((p) => p.path === path && p.code === code && p.detail === detail)) {
      this.problems.push({ path, code, detail });
    }
  }
  /** how many files were stored */
  stored = 0;
  private readonly filesByPath = new Map<string, string>();
  private readonly pagesByPath = new Map<string, string>();
  private readRoom = importLimits.uncompressedBytes;

  shape: ArchiveShape = 'plain';
  /** Confluence: the pages' order in its index, by file stem (a page's and its topic's) */
  readonly rank = new Map<string, number>();
  /** the places of the pages that head the topic made for them (they come first in it) */
  readonly heads = new Set<string>();

  constructor(
    readonly deps: FileDeps,
    readonly userId: number,
    readonly spaceId: string,
    readonly importId: string,
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
      const stored = await uploadFile(
        this.deps,
        this.userId,
        this.spaceId,
        undefined,
        { filename: path.basename(entryPath), file },
        this.importId,
      );
      this.stored += 1;
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

  /**
   * Two places beside each other in the tree (`folder`: a topic's): the page a topic was made
   * for first in it, then Confluence's page order where it is known, then topics before pages
   * (as a tree shows them), then by name.
   */
  siblingOrder(a: { place: string; folder: boolean }, b: { place: string; folder: boolean }) {
    const heads = Number(this.heads.has(b.place)) - Number(this.heads.has(a.place));
    if (heads) return heads;
    const rankOf = (place: string) =>
      this.rank.get(path.basename(place, path.extname(place))) ?? Infinity;
    const byRank = rankOf(a.place) - rankOf(b.place);
    if (byRank) return byRank;
    if (a.folder !== b.folder) return a.folder ? -1 : 1;
    return path
      .basename(a.place)
      .localeCompare(path.basename(b.place), 'zh-Hans-CN', { numeric: true });
  }

  /** Two places (paths in the tree) in tree order: a folder before what is in it. */
  treeOrder(a: string, b: string): number {
    const left = a.split('/');
    const right = b.split('/');
    for (let index = 0; ; index += 1) {
      const x = left[index];
      const y = right[index];
      if (x === undefined || y === undefined) return left.length - right.length;
      if (x === y) continue;
      return this.siblingOrder(
        { place: left.slice(0, index + 1).join('/'), folder: index < left.length - 1 },
        { place: right.slice(0, index + 1).join('/'), folder: index < right.length - 1 },
      );
    }
  }

  optionsFor(document: ImportDocument): MarkdownInOptions {
    const where = document.path;
    const file = (reference: string) => {
      const target = linkedPath(where, reference);
      const fileId = target ? this.filesByPath.get(target) : undefined;
      return fileId ? fileBlockUrl(fileId) : null;
    };
    return {
      href: (href) => {
        const target = linkedPath(where, href);
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
}

/** Counts an import's steps: each entry read or stored, each document converted, the write. */
export interface ImportProgress {
  total(steps: number): void;
  step(): void;
}

/** The transfer running an import. */
export interface ImportJob {
  /** the transfer's id: the files the import stores are marked with it until its pages are saved */
  importId: string;
  progress: ImportProgress;
  /** runs in the transaction saving the pages: the transfer ends done with them */
  saved(tx: Executor, report: ImportReport): Promise<void>;
}

/**
 * Imports the upload saved at `upload.file` (named `upload.name` by its sender) into the topic
 * `parentId` (or the root) as `userId`. A .zip is checked (limits, paths) before anything is
 * extracted. When it fails, the files it stored are still marked with `job.importId`.
 */
export async function runImport(
  deps: FileDeps,
  userId: number,
  spaceId: string,
  parentId: string | null,
  upload: { name: string; file: string },
  job: ImportJob,
): Promise<ImportReport> {
  const { db } = deps;
  const { progress } = job;
  const { space } = await checkImportTarget(db, userId, spaceId, parentId);
  const format = importFormatOf(upload.name);
  const run = new ImportRun(deps, userId, spaceId, job.importId);
  const documents: ImportDocument[] = [];
  if (format === 'zip') {
    const all = await openZip(upload.file);
    run.shape = archiveShapeOf(all.map((entry) => entry.path));
    const paths = new Set(all.map((entry) => entry.path));
    const entries = all.filter((entry) => !skippedEntry(run.shape, entry.path, paths));
    const documentCount = entries.filter((entry) => documentKindOf(run.shape, entry.path));
    progress.total(entries.length + documentCount.length + 1);
    const indexes = all.filter((entry) => isConfluenceIndex(run.shape, entry.path));
    await collect(run, entries, indexes, documents, progress);
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
  const report: ImportReport = {
    parentId,
    topics: topics.length,
    pages: pages.length,
    files: run.stored,
    firstPageId: pages[0]?.document.pageId ?? null,
    problems: run.problems,
  };
  await writeTree(run, parentId, topics, pages, async (tx) => {
    await fileRepo.keepFilesOfImport(tx, job.importId);
    // the last step (the write) is counted by `saved`: the transfer ends done, every step done
    await job.saved(tx, report);
  });
  return report;
}

/**
 * Reads the documents of an archive and stores its other entries as files; then places the
 * documents in the tree (Confluence's page tree from its `index.html` pages, `indexes`).
 */
async function collect(
  run: ImportRun,
  entries: ArchiveEntry[],
  indexes: ArchiveEntry[],
  documents: ImportDocument[],
  progress: ImportProgress,
) {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of sorted) {
    const kind = documentKindOf(run.shape, entry.path);
    if (kind) {
      const source = await readDocument(run, entry, kind !== 'docx');
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
  if (run.shape === 'confluence') {
    const pages = documents.map((document) => ({
      path: document.path,
      html: String(document.source),
    }));
    const lists: Array<{ path: string; html: string }> = [];
    for (const entry of indexes) {
      lists.push({ path: entry.path, html: String(await readDocument(run, entry, true)) });
    }
    const { parentOf, rank } = confluenceHierarchy(lists, pages);
    const parents = new Set(parentOf.values());
    for (const document of documents) {
      document.place = confluencePlaceOf(document.path, parentOf, parents.has(document.path));
    }
    for (const [page, index] of rank) run.rank.set(path.basename(page, path.extname(page)), index);
  } else {
    const folders = new Set(documents.flatMap((document) => foldersOf(document.path)));
    for (const document of documents) document.place = placeOf(run.shape, document.path, folders);
  }
  for (const document of documents) {
    if (headsFolder(document.path, document.place)) run.heads.add(document.place);
  }
  documents.sort((a, b) => run.treeOrder(a.place, b.place));
}

/** A document of the archive as bytes (Word) or text, counted against the archive's limit. */
async function readDocument(run: ImportRun, entry: ArchiveEntry, asText: boolean) {
  if (entry.size > importLimits.documentBytes) {
    throw tooLarge(`${entry.path} is larger than ${importLimits.documentBytes} bytes`);
  }
  const source = asText
    ? await readText(entry.open(), importLimits.documentBytes, entry.path)
    : await readBytes(entry.open(), importLimits.documentBytes, entry.path);
  run.spend(typeof source === 'string' ? Buffer.byteLength(source) : source.length);
  return source;
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

/** The folders holding documents (files-only folders make no topic). */
const topicsOf = (documents: ImportDocument[]) => [
  ...new Set(documents.flatMap((document) => foldersOf(document.place))),
];

/** A page's name: its own title (a Confluence page's heading), else its file's. */
const pageName = (shape: ArchiveShape, document: ImportDocument) =>
  document.title ?? titleOf(shape, document.path);

type ImportedPage = { document: ImportDocument; blocks: Block[] };

/**
 * The new topics, pages and blocks in one transaction under the space's lock, each folder's
 * topics and pages in tree order after what the target holds; `saved` runs last in it.
 */
async function writeTree(
  run: ImportRun,
  parentId: string | null,
  topics: string[],
  pages: ImportedPage[],
  saved: (tx: Executor) => Promise<void>,
) {
  const { db } = run.deps;
  const { spaceId, userId, shape } = run;
  // what each folder holds, in tree order; a topic made for a page is named as the page
  const heads = new Map<string, ImportDocument>();
  for (const { document } of pages) {
    if (run.heads.has(document.place)) heads.set(path.dirname(document.place), document);
  }
  type Node = { place: string; topic: string | null; page: ImportedPage | null };
  const inFolder = new Map<string, Node[]>();
  const add = (folder: string, node: Node) => {
    const nodes = inFolder.get(folder);
    if (nodes) nodes.push(node);
    else inFolder.set(folder, [node]);
  };
  for (const folder of topics) {
    add(path.dirname(folder), { place: folder, topic: folder, page: null });
  }
  for (const page of pages) {
    const place = page.document.place;
    add(path.dirname(place), { place, topic: null, page });
  }
  // parents before the folders in them
  const depth = (folder: string) => (folder === '.' ? 0 : folder.split('/').length);
  const folders = [...inFolder.keys()].sort((a, b) => depth(a) - depth(b));

  await db.transaction(async (tx) => {
    if (!(await treeRepo.lockSpace(tx, spaceId))) throw new AppError(ErrorCode.dataMissing);
    if (parentId !== null) await liveTopic(tx, spaceId, parentId);
    const now = new Date();
    const base = { spaceId, createdBy: userId, updatedBy: userId, createdAt: now, updatedAt: now };
    const topicIds = new Map<string, string | null>([['.', parentId]]);
    const attached = new Set<string>();
    for (const folder of folders) {
      const parent = topicIds.get(folder) ?? null;
      const nodes = inFolder.get(folder)!;
      nodes.sort((a, b) =>
        run.siblingOrder(
          { place: a.place, folder: a.topic !== null },
          { place: b.place, folder: b.topic !== null },
        ),
      );
      const last = folder === '.' ? await treeRepo.lastPosition(tx, spaceId, parentId) : null;
      const positions = positionsBetween(last, null, nodes.length);
      for (const [index, node] of nodes.entries()) {
        const position = positions[index] as string;
        if (node.topic !== null) {
          const head = heads.get(node.topic);
          const topic = await treeRepo.insertNode(tx, {
            ...base,
            parentId: parent,
            type: 'topic',
            name: head ? pageName(shape, head) : titleOf(shape, node.topic),
            position,
          });
          topicIds.set(node.topic, topic.id);
        } else if (node.page) {
          await writePage(tx, shape, node.page, { ...base, parentId: parent, position }, attached);
        }
      }
    }
    await saved(tx);
  });
}

/** One page of an import: its node, its blocks, its files attached (once), its index job. */
async function writePage(
  tx: Executor,
  shape: ArchiveShape,
  { document, blocks }: ImportedPage,
  node: Omit<treeRepo.NewNode, 'type' | 'name'> & { createdAt: Date },
  attached: Set<string>,
) {
  const pageId = document.pageId;
  await treeRepo.insertNode(tx, {
    ...node,
    id: pageId,
    type: 'page',
    name: pageName(shape, document),
  });
  const positions = positionsBetween(null, null, blocks.length);
  await pageRepo.upsertBlocks(
    tx,
    pageId,
    blocks.map((block, index) => ({
      blockId: block.id,
      position: positions[index] as string,
      data: block,
    })),
    node.createdAt,
  );
  const used = new Set<string>();
  fileIdsIn(blocks, used);
  for (const fileId of used) {
    if (attached.has(fileId)) continue;
    attached.add(fileId);
    await fileRepo.updateFile(tx, fileId, { pageId });
  }
  await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
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
