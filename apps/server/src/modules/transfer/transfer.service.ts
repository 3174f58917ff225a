// Imports and exports as background jobs. Starting one checks at once what its
// job would refuse (access, the switches, the target, the upload's kind), stores an import's
// upload, and records a transfer with its `transfer.run` job; the job reports progress as it goes
// and ends the transfer done (an import's report, an export's stored file) or failed (a catalogue
// code). A run cut off by a restart is picked up again once its job's lease runs out. A day after
// it ended, `transfer.expire` removes the transfer and its stored bytes. An import ends done in
// the transaction saving its pages; the files a failed or cut-off import stored (still marked
// with its id) are destroyed when it fails and before it runs again.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ErrorCode,
  importLimits,
  type ExportFormat,
  type ExportRequest,
  type ImportReport,
  type Transfer,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob, type JobHandler } from '../../infra/jobs/job-queue.js';
import { storageKeys } from '../../infra/storage/storage-driver.js';
import { recordAudit } from '../audit/index.js';
import { destroyFilesOfImport } from '../file/index.js';
import type { FileDeps } from '../file/index.js';
import type { TreeRowsShape } from '../tree/index.js';
import { byteLimit, tempFolder } from './import-archive.js';
import { checkImportTarget, importFormatOf, uploadNameOf } from './import-target.js';
import { canTransfer } from './transfer.policy.js';
import * as repo from './transfer.repo.js';

export type TransferDeps = FileDeps & { treeRows: TreeRowsShape };

/** how long a finished transfer (and an export's file) is kept */
export const transferKeepMs = 24 * 60 * 60 * 1000;
const runAttempts = 3;

/**
 * The writers and the importer load with the first transfer of their kind: they bring archivers,
 * pdfkit, docx, mammoth and the Markdown parsers (tens of MB a server rarely needs).
 */
const writers = {
  markdown: async () => (await import('./export.service.js')).exportMarkdown,
  pdf: async () => (await import('./export-pdf.js')).exportPdf,
  docx: async () => (await import('./export-docx.js')).exportDocx,
} as const;

export const exportTypes: Record<ExportFormat, string> = {
  markdown: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

const notFound = () => new AppError(ErrorCode.dataMissing);

export function presentTransfer(row: repo.TransferRow): Transfer {
  return {
    transferId: row.id,
    kind: row.kind,
    spaceId: row.spaceId,
    nodeId: row.nodeId,
    format: row.format,
    status: row.status,
    done: row.done,
    total: row.total,
    report: (row.report as ImportReport | null) ?? null,
    fileName: row.status === 'done' ? row.resultName : null,
    errorCode: row.errorCode,
    errorDetail: row.errorDetail,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Stores the upload and queues its import into the topic `parentId` (null: the root). */
export async function startImport(
  deps: TransferDeps,
  userId: number,
  spaceId: string,
  parentId: string | null,
  part: { filename: string; file: Readable },
): Promise<Transfer> {
  const uploadName = uploadNameOf(part.filename);
  let format: string;
  try {
    await checkImportTarget(deps.db, userId, spaceId, parentId);
    format = importFormatOf(uploadName);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const uploadKey = storageKeys.temp();
  const limited = byteLimit(importLimits.uploadBytes, 'the upload');
  part.file.on('error', (error) => limited.destroy(error));
  await deps.storage.put(uploadKey, part.file.pipe(limited));
  try {
    return await queue(deps.db, {
      userId,
      spaceId,
      nodeId: parentId,
      kind: 'import',
      format,
      uploadKey,
      uploadName,
    });
  } catch (error) {
    await deps.storage.remove(uploadKey);
    throw error;
  }
}

/** Checks that the caller may read what they export, and queues the export. */
export async function startExport(
  deps: TransferDeps,
  userId: number,
  spaceId: string,
  request: ExportRequest,
  address: string | null = null,
): Promise<Transfer> {
  const { planExport } = await import('./export.service.js');
  const plan = await planExport(deps, userId, spaceId, request.nodeId);
  const values = {
    userId,
    spaceId,
    nodeId: request.nodeId ?? null,
    kind: 'export' as const,
    format: request.format ?? 'markdown',
    total: plan.pages.length,
  };
  // an export takes a space's content out of the library: the log says who started which
  return queue(deps.db, values, (tx, transfer) =>
    recordAudit(tx, {
      actorId: userId,
      action: 'space.export',
      targetType: 'transfer',
      targetId: transfer.id,
      spaceId,
      after: { nodeId: values.nodeId, format: values.format, pages: values.total },
      address,
    }),
  );
}

async function queue(
  db: Database,
  values: Parameters<typeof repo.insertTransfer>[1],
  /** the act's audit row, written last in the transaction */
  audit?: (tx: Executor, transfer: { id: string }) => Promise<void>,
) {
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertTransfer(tx, values);
    await enqueueJob(
      tx,
      Job.runTransfer,
      { transferId: inserted.id },
      { maxAttempts: runAttempts },
    );
    await audit?.(tx, inserted);
    return inserted;
  });
  return presentTransfer(row);
}

/** A transfer of the caller's; anyone else's looks missing. */
export async function transferOf(db: Database, userId: number, id: string) {
  const row = await repo.findTransfer(db, id);
  if (!row || !canTransfer(userId, 'follow', row)) throw notFound();
  return row;
}

/** A finished export's file, as stored. */
export async function exportFileOf(deps: TransferDeps, userId: number, id: string) {
  const row = await transferOf(deps.db, userId, id);
  if (!canTransfer(userId, 'download', row) || !row.resultKey || !row.resultName) {
    throw new AppError(ErrorCode.dataMissing, { detail: 'no finished export' });
  }
  return {
    name: row.resultName,
    mimeType: exportTypes[row.format as ExportFormat],
    body: await deps.storage.read(row.resultKey),
  };
}

/**
 * The progress of a running transfer in its row: written at most every quarter second (a large
 * import has thousands of steps), and once more at the end.
 */
class ProgressWriter {
  private done = 0;
  private total = 0;
  private writtenAt = 0;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly id: string,
  ) {}

  set(done: number, total: number) {
    this.done = done;
    this.total = total;
    const now = Date.now();
    if (now - this.writtenAt < 250) return;
    this.writtenAt = now;
    // a lost progress write is not worth failing the transfer for; the last one is awaited
    this.writing = this.writing
      .then(() => repo.updateProgress(this.db, this.id, done, this.total))
      .catch(() => undefined);
  }

  readonly importProgress = {
    total: (steps: number) => this.set(this.done, steps),
    step: () => this.set(this.done + 1, this.total),
  };

  counts() {
    return { done: this.done, total: this.total };
  }

  async settled() {
    await this.writing;
    return this.counts();
  }
}

/**
 * The `transfer.run` job: runs the import or export, and ends the transfer done or failed. A
 * run picking up one cut off by a restart first destroys the files that run stored.
 */
export function runTransferHandler(deps: TransferDeps): JobHandler<{ transferId: string }> {
  const { db, storage } = deps;
  return async ({ transferId }, context) => {
    const row = await repo.findTransfer(db, transferId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    if (row.kind === 'import') await discardImport(db, row.id);
    await repo.updateTransfer(db, row.id, { status: 'running', done: 0 });
    const progress = new ProgressWriter(db, row.id);
    try {
      if (row.kind === 'import') {
        await importOf(deps, row, progress);
      } else {
        const outcome = await exportOf(deps, row, progress);
        const counts = await progress.settled();
        await db.transaction((tx) => finish(tx, row.id, { status: 'done', ...counts, ...outcome }));
      }
    } catch (error) {
      if (row.kind === 'import') await discardImport(db, row.id);
      const last = error instanceof AppError || context.attempt >= runAttempts;
      if (!last) throw error;
      await progress.settled();
      await db.transaction((tx) =>
        finish(tx, row.id, {
          status: 'failed',
          errorCode: error instanceof AppError ? error.code : ErrorCode.serverError,
          errorDetail: error instanceof AppError ? (error.options.detail ?? null) : null,
        }),
      );
      if (row.uploadKey) await storage.remove(row.uploadKey);
      if (!(error instanceof AppError)) throw error;
      return;
    }
    if (row.uploadKey) await storage.remove(row.uploadKey);
  };
}

/** Ends a transfer (and queues its expiry), in the caller's transaction. */
async function finish(
  tx: Executor,
  id: string,
  values: Parameters<typeof repo.updateTransfer>[2] & { status: 'done' | 'failed' },
) {
  await repo.updateTransfer(tx, id, { ...values, finishedAt: new Date() });
  await enqueueJob(tx, Job.expireTransfer, { transferId: id }, { delayMs: transferKeepMs });
}

/** The files an import stored and saved no pages with go (their bytes by Job.removeFileBytes). */
const discardImport = (db: Database, id: string) =>
  db.transaction((tx) => destroyFilesOfImport(tx, id));

/**
 * An import's upload copied to a temp file (a .zip is read from disk), then imported; the
 * transfer ends done in the transaction saving the pages, so a rerun never imports twice.
 */
async function importOf(deps: TransferDeps, row: repo.TransferRow, progress: ProgressWriter) {
  if (!row.uploadKey || !row.uploadName) throw new Error(`transfer ${row.id} has no upload`);
  const temp = await tempFolder();
  try {
    const file = path.join(temp.dir, 'upload');
    await pipeline(await deps.storage.read(row.uploadKey), createWriteStream(file));
    const { runImport } = await import('./import.service.js');
    return await runImport(
      deps,
      row.userId,
      row.spaceId,
      row.nodeId,
      { name: row.uploadName, file },
      {
        importId: row.id,
        progress: progress.importProgress,
        saved: async (tx, report) => {
          const { total } = progress.counts();
          await finish(tx, row.id, { status: 'done', done: total, total, report });
        },
      },
    );
  } finally {
    await temp.dispose();
  }
}

/** An export written to storage as it streams. */
async function exportOf(deps: TransferDeps, row: repo.TransferRow, progress: ProgressWriter) {
  const write = await writers[row.format as ExportFormat]();
  const archive = await write(
    deps,
    row.userId,
    row.spaceId,
    row.nodeId ?? undefined,
    (done, total) => progress.set(done, total),
  );
  // a key of its own per run (a run cut off leaves a temp object the temp sweep removes)
  const resultKey = storageKeys.temp();
  await deps.storage.put(resultKey, archive.stream);
  return { resultKey, resultName: archive.name };
}

/** The `transfer.expire` job: the transfer and its stored bytes go. */
export function expireTransferHandler(deps: TransferDeps): JobHandler<{ transferId: string }> {
  return async ({ transferId }) => {
    const row = await repo.findTransfer(deps.db, transferId);
    if (!row) return;
    for (const key of [row.uploadKey, row.resultKey]) {
      if (key) await deps.storage.remove(key);
    }
    await repo.deleteTransfer(deps.db, row.id);
  };
}
