// The upload queue: files wait, upload a few at a time (each its own request, progress and
// abort), and end done, failed (network or server refusal; retry puts it back in line) or
// cancelled. Each file's `result` promise settles once: with the stored file, or with an
// UploadCancelledError when the user cancels or dismisses it — a failed file keeps its promise
// open so a retry can still fulfil it (the editor's file block waits for it).
import type { SpaceFile } from '@library/contract';
import type { UploadProgress } from '../../../lib/file-transfer';
import { ApiError, isRequestCancelled } from '../../../lib/api-client';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadTarget {
  spaceId: string;
  pageId: string | null;
}

export interface UploadItem extends UploadTarget {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** bytes sent so far */
  loaded: number;
  /** failure message (the server's msg for refusals) and its code; null otherwise */
  error: string | null;
  errorCode: number | null;
  /** the failure was the connection, not a refusal: worth a retry as it is */
  networkError: boolean;
  file: SpaceFile | null;
}

export interface UploadJob extends UploadTarget {
  file: File;
  signal: AbortSignal;
  onProgress: (progress: UploadProgress) => void;
}

/** Sends one file; the real one is `uploadSpaceFile`. */
export type UploadTransport = (job: UploadJob) => Promise<SpaceFile>;

export class UploadCancelledError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

export interface UploadQueueOptions {
  /** uploads running at once */
  concurrency?: number;
  onUploaded?: (file: SpaceFile) => void;
  onFailed?: (error: unknown, item: UploadItem) => void;
}

interface Entry {
  item: UploadItem;
  source: File;
  controller: AbortController | null;
  resolve: (file: SpaceFile) => void;
  reject: (error: Error) => void;
}

export const defaultUploadConcurrency = 3;

let nextId = 1;

export class UploadQueue {
  private readonly entries = new Map<string, Entry>();
  private order: string[] = [];
  private snapshot: readonly UploadItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly concurrency: number;

  constructor(
    private readonly transport: UploadTransport,
    private readonly options: UploadQueueOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? defaultUploadConcurrency);
  }

  /** The items in the order they were added (a stable array until something changes). */
  items(): readonly UploadItem[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues files for one space (and page); answers each file's id and its result. */
  add(files: readonly File[], target: UploadTarget): { id: string; result: Promise<SpaceFile> }[] {
    const added = files.map((source) => {
      const id = `upload-${nextId++}`;
      let resolve!: (file: SpaceFile) => void;
      let reject!: (error: Error) => void;
      const result = new Promise<SpaceFile>((onDone, onFail) => {
        resolve = onDone;
        reject = onFail;
      });
      // Nobody may be waiting (the library does not): never an unhandled rejection.
      result.catch(() => undefined);
      const item: UploadItem = {
        id,
        name: source.name,
        size: source.size,
        spaceId: target.spaceId,
        pageId: target.pageId,
        status: 'queued',
        loaded: 0,
        error: null,
        errorCode: null,
        networkError: false,
        file: null,
      };
      this.entries.set(id, { item, source, controller: null, resolve, reject });
      this.order.push(id);
      return { id, result };
    });
    this.publish();
    this.pump();
    return added;
  }

  cancel(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const { status } = entry.item;
    if (status !== 'queued' && status !== 'uploading' && status !== 'failed') return;
    entry.controller?.abort();
    entry.controller = null;
    this.update(entry, { status: 'cancelled' });
    entry.reject(new UploadCancelledError());
    this.pump();
  }

  retry(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || entry.item.status !== 'failed') return;
    this.update(entry, {
      status: 'queued',
      loaded: 0,
      error: null,
      errorCode: null,
      networkError: false,
    });
    this.pump();
  }

  /** Takes a finished item off the list (a failed one counts as given up). */
  dismiss(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (entry.item.status === 'queued' || entry.item.status === 'uploading') return;
    if (entry.item.status === 'failed') entry.reject(new UploadCancelledError());
    this.entries.delete(id);
    this.order = this.order.filter((other) => other !== id);
    this.publish();
  }

  /** Takes every finished (done or cancelled) item of a space off the list. */
  clearFinished(spaceId: string): void {
    for (const entry of [...this.entries.values()]) {
      const { status } = entry.item;
      if (entry.item.spaceId === spaceId && (status === 'done' || status === 'cancelled')) {
        this.entries.delete(entry.item.id);
      }
    }
    this.order = this.order.filter((id) => this.entries.has(id));
    this.publish();
  }

  private pump(): void {
    let running = this.order.filter(
      (id) => this.entries.get(id)?.item.status === 'uploading',
    ).length;
    for (const id of this.order) {
      if (running >= this.concurrency) return;
      const entry = this.entries.get(id);
      if (entry?.item.status !== 'queued') continue;
      running += 1;
      this.start(entry);
    }
  }

  private start(entry: Entry): void {
    const controller = new AbortController();
    entry.controller = controller;
    this.update(entry, { status: 'uploading', loaded: 0 });
    const { spaceId, pageId } = entry.item;
    this.transport({
      file: entry.source,
      spaceId,
      pageId,
      signal: controller.signal,
      // The request carries multipart framing too: scale what was sent to the file's size.
      onProgress: ({ loaded, total }) => {
        if (entry.controller !== controller) return;
        const size = entry.item.size;
        const sent = total > 0 ? Math.round((size * loaded) / total) : loaded;
        this.update(entry, { loaded: Math.min(size, sent) });
      },
    }).then(
      (file) => {
        if (entry.controller !== controller) return;
        entry.controller = null;
        this.update(entry, { status: 'done', loaded: entry.item.size, file });
        entry.resolve(file);
        this.options.onUploaded?.(file);
        this.pump();
      },
      (error: unknown) => {
        // A cancel already moved the item on; its abort error is not a failure.
        if (entry.controller !== controller) return;
        entry.controller = null;
        if (isRequestCancelled(error)) {
          this.update(entry, { status: 'cancelled' });
          entry.reject(new UploadCancelledError());
        } else {
          const apiError = error instanceof ApiError ? error : null;
          this.update(entry, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            errorCode: apiError?.code ?? null,
            networkError: apiError === null || apiError.source === 'network',
          });
          this.options.onFailed?.(error, entry.item);
        }
        this.pump();
      },
    );
  }

  private update(entry: Entry, change: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...change };
    this.publish();
  }

  private publish(): void {
    this.snapshot = this.order.flatMap((id) => {
      const entry = this.entries.get(id);
      return entry ? [entry.item] : [];
    });
    for (const listener of this.listeners) listener();
  }
}

/** Percent of an item sent, 0–100 (an empty file counts as complete once done). */
export function uploadPercent(item: Pick<UploadItem, 'loaded' | 'size' | 'status'>): number {
  if (item.status === 'done') return 100;
  if (item.size <= 0) return 0;
  return Math.min(100, Math.floor((item.loaded / item.size) * 100));
}
