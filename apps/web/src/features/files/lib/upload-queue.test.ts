import { describe, expect, it } from 'vitest';
import { ErrorCode, type SpaceFile } from '@library/contract';
import { ApiError, RequestCancelledError } from '../../../lib/api-client';
import {
  UploadCancelledError,
  UploadQueue,
  uploadPercent,
  type UploadJob,
  type UploadTransport,
} from './upload-queue';

/** A transport the test drives by hand: each request waits until the test answers it. */
function manualTransport() {
  const jobs: UploadJob[] = [];
  const answers: { resolve: (file: SpaceFile) => void; reject: (error: unknown) => void }[] = [];
  const transport: UploadTransport = (job) =>
    new Promise<SpaceFile>((resolve, reject) => {
      jobs.push(job);
      answers.push({ resolve, reject });
      job.signal.addEventListener('abort', () => reject(new RequestCancelledError()));
    });
  return { transport, jobs, answers };
}

function stored(name: string): SpaceFile {
  return {
    fileId: `id-${name}`,
    spaceId: 's1',
    name,
    size: 10,
    mimeType: 'application/pdf',
    kind: 'pdf',
    uploader: { userId: 'u1', nickname: '林小书', avatar: null },
    createdAt: '2026-11-22T08:00:00.000Z',
    pageId: null,
    pages: [],
    textStatus: 'pending',
    abilities: { canRename: true, canDelete: true, canDownload: true },
  };
}

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);
const target = { spaceId: 's1', pageId: null };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload queue', () => {
  it('sends a few files at a time and starts the next as one finishes', async () => {
    const { transport, jobs, answers } = manualTransport();
    const queue = new UploadQueue(transport, { concurrency: 2 });
    queue.add([file('一.pdf'), file('二.pdf'), file('三.pdf')], target);

    expect(jobs.map((job) => job.file.name)).toEqual(['一.pdf', '二.pdf']);
    expect(queue.items().map((item) => item.status)).toEqual(['uploading', 'uploading', 'queued']);

    answers[0]?.resolve(stored('一.pdf'));
    await flush();
    expect(jobs.map((job) => job.file.name)).toEqual(['一.pdf', '二.pdf', '三.pdf']);
    expect(queue.items()[0]?.status).toBe('done');
  });

  it('reports progress scaled to the file size and resolves with the stored file', async () => {
    const { transport, jobs, answers } = manualTransport();
    const uploaded: SpaceFile[] = [];
    const queue = new UploadQueue(transport, { onUploaded: (done) => uploaded.push(done) });
    const [added] = queue.add([file('报告.pdf', 1000)], target);

    // the request is 1200 bytes (multipart framing): half of it sent is half of the file
    jobs[0]?.onProgress({ loaded: 600, total: 1200 });
    expect(queue.items()[0]?.loaded).toBe(500);
    expect(uploadPercent(queue.items()[0]!)).toBe(50);

    answers[0]?.resolve(stored('报告.pdf'));
    await expect(added?.result).resolves.toMatchObject({ fileId: 'id-报告.pdf' });
    expect(uploadPercent(queue.items()[0]!)).toBe(100);
    expect(uploaded.map((done) => done.name)).toEqual(['报告.pdf']);
  });

  it('cancels a running upload: the request is aborted and its result rejected', async () => {
    const { transport, jobs } = manualTransport();
    const queue = new UploadQueue(transport);
    const [added] = queue.add([file('大文件.zip')], target);

    queue.cancel(added!.id);
    expect(jobs[0]?.signal.aborted).toBe(true);
    await expect(added?.result).rejects.toBeInstanceOf(UploadCancelledError);
    await flush();
    expect(queue.items()[0]?.status).toBe('cancelled');
  });

  it('cancels a waiting upload before it is ever sent', async () => {
    const { transport, jobs } = manualTransport();
    const queue = new UploadQueue(transport, { concurrency: 1 });
    const [, second] = queue.add([file('一.pdf'), file('二.pdf')], target);
    queue.cancel(second!.id);
    await expect(second?.result).rejects.toBeInstanceOf(UploadCancelledError);
    expect(jobs).toHaveLength(1);
  });

  it('keeps a network failure retryable; the retry fulfils the same result', async () => {
    const { transport, jobs, answers } = manualTransport();
    const failures: unknown[] = [];
    const queue = new UploadQueue(transport, { onFailed: (error) => failures.push(error) });
    const [added] = queue.add([file('笔记.docx')], target);
    let settled = false;
    void added?.result.then(() => (settled = true));

    answers[0]?.reject(new ApiError(500, '请求失败，请重试', null, 'network'));
    await flush();
    expect(queue.items()[0]).toMatchObject({ status: 'failed', networkError: true });
    expect(failures).toHaveLength(1);
    expect(settled).toBe(false);

    queue.retry(added!.id);
    expect(jobs).toHaveLength(2);
    expect(queue.items()[0]).toMatchObject({ status: 'uploading', error: null, loaded: 0 });
    answers[1]?.resolve(stored('笔记.docx'));
    await expect(added?.result).resolves.toMatchObject({ name: '笔记.docx' });
  });

  it("keeps the server's message for a refused file (empty file, 602002)", async () => {
    const { transport, answers } = manualTransport();
    const queue = new UploadQueue(transport);
    queue.add([file('空.txt', 0)], target);
    answers[0]?.reject(new ApiError(ErrorCode.emptyFileUnsupported, '不支持空文件', 400, 'app'));
    await flush();
    expect(queue.items()[0]).toMatchObject({
      status: 'failed',
      error: '不支持空文件',
      errorCode: 602002,
      networkError: false,
    });
  });

  it('dismissing a failed upload gives it up; clearing removes only finished ones', async () => {
    const { transport, answers } = manualTransport();
    const queue = new UploadQueue(transport);
    const [failed, done, running] = queue.add([file('a'), file('b'), file('c')], target);
    answers[0]?.reject(new ApiError(500, 'x', null, 'network'));
    answers[1]?.resolve(stored('b'));
    await flush();

    queue.dismiss(failed!.id);
    await expect(failed?.result).rejects.toBeInstanceOf(UploadCancelledError);
    queue.clearFinished('s1');
    expect(queue.items().map((item) => item.id)).toEqual([running!.id]);
    expect(done).toBeDefined();
  });

  it('tells subscribers about every change with a new snapshot', () => {
    const { transport, jobs } = manualTransport();
    const queue = new UploadQueue(transport);
    const seen: (readonly unknown[])[] = [];
    queue.subscribe(() => seen.push(queue.items()));
    queue.add([file('图.png')], target);
    jobs[0]?.onProgress({ loaded: 10, total: 100 });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
