// Import into a topic (or a space's root): one Markdown, HTML or Word document, or a .zip of
// them with their images and attachments. Folders become topics, documents pages, every other
// entry a file of the space (through file.service's upload: its quotas, type refusals and
// de-duplication). Links between imported documents point to the new pages, images and linked
// attachments to the stored files.
//
// It reads the upload, converts its documents, lays them out (import-plan.ts) and writes them
// through the tree's `insertContent`, as every other creation of content does. Nothing is
// half-imported: files are stored first (each its own upload), marked with the import
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
import {
  htmlToBlocks,
  markdownToBlocks,
  type MarkdownInOptions,
} from '../../lib/block-markdown.js';
import { keepFilesOfImport } from '../file/index.js';
import { uploadFile, type FileDeps } from '../file/index.js';
import { insertContent } from '../tree/index.js';
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
import { foldersOf, planContent, topicsOf, treeOrder, type PlannedPage } from './import-plan.js';
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
  /** what orders the pages and topics beyond their names */
  readonly hints = { heads: new Set<string>(), rank: new Map<string, number>() };

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
  await checkImportTarget(db, userId, spaceId, parentId);
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

  const pages: PlannedPage[] = [];
  for (const document of documents) {
    const blocks = await run.blocksOf(document);
    const name = document.title ?? titleOf(run.shape, document.path);
    pages.push({ place: document.place, pageId: document.pageId, name, blocks });
    progress.step();
  }
  const content = planContent(pages, run.hints, (folder) => titleOf(run.shape, folder));
  const report: ImportReport = {
    parentId,
    topics: topicsOf(pages.map((page) => page.place)).length,
    pages: pages.length,
    files: run.stored,
    firstPageId: pages[0]?.pageId ?? null,
    problems: run.problems,
  };
  await db.transaction(async (tx) => {
    await insertContent(tx, userId, spaceId, parentId, content);
    await keepFilesOfImport(tx, job.importId);
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
    for (const [page, index] of rank) {
      run.hints.rank.set(path.basename(page, path.extname(page)), index);
    }
  } else {
    const folders = new Set(documents.flatMap((document) => foldersOf(document.path)));
    for (const document of documents) document.place = placeOf(run.shape, document.path, folders);
  }
  for (const document of documents) {
    if (headsFolder(document.path, document.place)) run.hints.heads.add(document.place);
  }
  documents.sort((a, b) => treeOrder(run.hints, a.place, b.place));
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

/** A document's kind by its name; a Notion database (CSV) is one too. */
const documentKindOf = (shape: ArchiveShape, entryPath: string) =>
  isDatabase(shape, entryPath) ? ('csv' as const) : documentKinds[extensionOf(entryPath)];
