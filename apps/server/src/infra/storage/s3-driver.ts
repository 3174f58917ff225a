// S3-compatible storage driver (AWS S3, MinIO, Aliyun OSS, Tencent COS, …) on the AWS SDK v3.
// Uploads stream as multipart uploads (`@aws-sdk/lib-storage`), so memory stays at a few parts.
// The SDK loads when a driver is made (only with STORAGE=s3): it is ~45 MB a local disk never needs.
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3Settings } from '../../config.js';
import { loadWhenNeeded } from '../../lib/load-when-needed.js';
import {
  assertStorageKey,
  StorageNotFoundError,
  type ByteRange,
  type StorageDriver,
} from './storage-driver.js';

/** Parts of a multipart upload: S3's minimum part size; two parts in flight at most. */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;

const clientS3 = loadWhenNeeded<typeof ClientS3>('@aws-sdk/client-s3');
const libStorage = loadWhenNeeded<typeof LibStorage>('@aws-sdk/lib-storage');

export function createS3Driver(settings: S3Settings): StorageDriver {
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    S3Client,
    S3ServiceException,
  } = clientS3();
  const { Upload } = libStorage();
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    // Many S3-compatible services reject the SDK's newer default checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

  return {
    name: 's3',
    async put(key, body) {
      assertStorageKey(key);
      if (body.errored) throw body.errored;
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      // a failing body (aborted upload, quota hit) must abort the multipart upload
      const failed = new Promise<never>((_resolve, reject) => {
        body.on('error', (error) => {
          void upload.abort().catch(() => undefined);
          reject(error);
        });
      });
      try {
        await Promise.race([upload.done(), failed]);
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
    },
    async move(from, to) {
      assertStorageKey(from);
      assertStorageKey(to);
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }),
        );
      } catch (error) {
        throw isMissing(error) ? new StorageNotFoundError(from) : error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async read(key, range?: ByteRange) {
      assertStorageKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(result.Body instanceof Readable)) throw new Error('S3 body is not a Node stream');
        return result.Body;
      } catch (error) {
        throw isMissing(error) ? new StorageNotFoundError(key) : error;
      }
    },
    async size(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const objects = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            objects.push({ key: object.Key, lastModified: object.LastModified });
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects;
    },
  };
}
