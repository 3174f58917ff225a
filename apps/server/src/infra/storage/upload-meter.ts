// The streaming side of an upload: a transform the bytes pass through on their way to storage.
// It counts them against the quotas (failing the stream the moment one is exceeded), hashes them
// for de-duplication, keeps the first bytes for sniffing, and refuses executables early.
import crypto from 'node:crypto';
import { Transform, finished, type Readable, type TransformCallback } from 'node:stream';
import { ErrorCode, type ErrorCodeValue } from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { isRefused, sniffBytes } from './sniff.js';

export interface UploadLimit {
  /** answered when the upload passes `bytesLeft` */
  code: ErrorCodeValue;
  bytesLeft: number;
}

/** Bytes needed to recognise an executable. */
const magicBytes = 8;

export class UploadMeter extends Transform {
  bytes = 0;
  private readonly hash = crypto.createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private checkedMagic = false;
  private readonly limits: UploadLimit[];

  /**
   * `limits` in priority order: the first one passed is answered (the smallest wins).
   * `accept` narrows what is stored (avatars: images only) by the first bytes.
   */
  constructor(
    limits: UploadLimit[],
    private readonly name: string,
    private readonly accept: (head: Buffer) => boolean = () => true,
  ) {
    super();
    this.limits = limits
      .map((limit, order) => ({ limit, order }))
      .sort((a, b) => a.limit.bytesLeft - b.limit.bytesLeft || a.order - b.order)
      .map(({ limit }) => limit);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    const passed = this.limits.find((limit) => this.bytes > limit.bytesLeft);
    if (passed) {
      callback(new AppError(passed.code));
      return;
    }
    if (this.headLength < sniffBytes) {
      const piece = chunk.subarray(0, sniffBytes - this.headLength);
      this.headChunks.push(piece);
      this.headLength += piece.length;
    }
    if (!this.checkedMagic && this.headLength >= magicBytes) {
      this.checkedMagic = true;
      if (isRefused(this.head(), this.name) || !this.accept(this.head())) {
        callback(new AppError(ErrorCode.fileTypeUnsupported));
        return;
      }
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    const head = this.head();
    // a file shorter than the magic bytes (an empty one is answered by the caller)
    if (
      !this.checkedMagic &&
      head.length > 0 &&
      (isRefused(head, this.name) || !this.accept(head))
    ) {
      callback(new AppError(ErrorCode.fileTypeUnsupported));
      return;
    }
    callback();
  }

  /** The first bytes seen (up to `sniffBytes`). */
  head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }

  /** Hex SHA-256 of everything that passed; call once the stream has ended. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}

/**
 * `source` through `meter`: a failure of the source — also one from before this call, as a
 * truncated multipart body fails its part at once — fails the meter, so an upload never waits
 * for bytes that will not come (`pipe` alone never hears of an earlier failure).
 */
export function meterUpload(source: Readable, meter: UploadMeter): UploadMeter {
  // the driver sees the meter's failure through its pipeline; this only keeps a failure that
  // comes before the driver listens from being an uncaught error
  meter.on('error', () => undefined);
  finished(source, (error) => {
    if (error) meter.destroy(error);
  });
  return source.pipe(meter);
}
