// One suite for every storage driver: the local directory and S3 (against s3rver on loopback).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDriver } from './local-driver.js';
import { createS3Driver } from './s3-driver.js';
import { startS3TestServer } from '../../../test/fakes/s3.js';
import {
  assertStorageKey,
  StorageNotFoundError,
  storageKeys,
  type StorageDriver,
} from './storage-driver.js';

async function text(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `count` chunks of 1 MiB, failing after them when `fail` is set. */
function chunks(count: number, fail = false) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i += 1) yield Buffer.alloc(1024 * 1024, i);
      if (fail) throw new Error('connection reset');
    })(),
  );
}

type Setup = {
  driver: StorageDriver;
  objectCount: () => Promise<number>;
  close: () => Promise<void>;
};

const setups: Array<[string, () => Promise<Setup>]> = [
  [
    'local',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'library-files-'));
      return {
        driver: createLocalDriver(root),
        objectCount: async () =>
          fs
            .readdirSync(root, { recursive: true })
            .filter((name) => fs.statSync(path.join(root, String(name))).isFile()).length,
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const server = await startS3TestServer();
      return {
        driver: createS3Driver(server.settings),
        objectCount: () => server.objectCount(),
        close: () => server.close(),
      };
    },
  ],
];

describe.each(setups)('storage driver: %s', (_name, setup) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s.close();
  });

  it('stores a stream, reads it back whole and by range, and removes it', async () => {
    const key = storageKeys.blob();
    await s.driver.put(key, Readable.from([Buffer.from('你好，'), Buffer.from('世界')]));
    expect(await s.driver.size(key)).toBe(15);
    expect((await text(await s.driver.read(key))).toString()).toBe('你好，世界');
    expect((await text(await s.driver.read(key, { start: 9, end: 14 }))).toString()).toBe('世界');
    await s.driver.remove(key);
    expect(await s.driver.size(key)).toBeNull();
    await s.driver.remove(key); // removing twice is fine
  });

  it('streams a multi-part upload (12 MiB) without losing a byte', async () => {
    const key = storageKeys.temp();
    await s.driver.put(key, chunks(12));
    expect(await s.driver.size(key)).toBe(12 * 1024 * 1024);
    const middle = await text(
      await s.driver.read(key, { start: 5 * 1024 * 1024 - 1, end: 5 * 1024 * 1024 }),
    );
    expect([...middle]).toEqual([4, 5]);
    await s.driver.remove(key);
  });

  it('leaves nothing behind when the body fails mid-way', async () => {
    const before = await s.objectCount();
    const key = storageKeys.temp();
    await expect(s.driver.put(key, chunks(7, true))).rejects.toThrow('connection reset');
    expect(await s.driver.size(key)).toBeNull();
    expect(await s.objectCount()).toBe(before);
  });

  it('moves an object to another key', async () => {
    const from = storageKeys.temp();
    const to = storageKeys.blob();
    await s.driver.put(from, Readable.from([Buffer.from('moved')]));
    await s.driver.move(from, to);
    expect(await s.driver.size(from)).toBeNull();
    expect((await text(await s.driver.read(to))).toString()).toBe('moved');
    await s.driver.remove(to);
  });

  it('answers StorageNotFoundError for a missing object', async () => {
    await expect(s.driver.read(storageKeys.blob())).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(s.driver.move(storageKeys.temp(), storageKeys.blob())).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('lists the objects under a prefix with their last-modified time', async () => {
    const started = Date.now();
    const temps = [storageKeys.temp(), storageKeys.temp(), storageKeys.temp()];
    const blob = storageKeys.blob();
    for (const key of [...temps, blob]) await s.driver.put(key, Readable.from([Buffer.from(key)]));
    const listed = await s.driver.list('tmp/');
    expect(listed.map((object) => object.key).sort()).toEqual([...temps].sort());
    for (const object of listed) {
      // S3 keeps whole seconds
      expect(object.lastModified.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(object.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect((await s.driver.list('blobs/')).map((object) => object.key)).toContain(blob);
    for (const key of [...temps, blob]) await s.driver.remove(key);
    expect(await s.driver.list('tmp/')).toEqual([]);
  });

  it('refuses keys it did not generate', async () => {
    for (const key of ['../../etc/passwd', 'blobs/../x', '/abs', 'blobs/报告.pdf', 'tmp/']) {
      await expect(s.driver.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'invalid storage key',
      );
    }
  });
});

// s3rver cannot hand out a continuation token on this Node (it ciphers it with DES, which
// OpenSSL 3 no longer offers), so a listing of more than one page is checked against a loopback
// server answering S3's ListObjectsV2 in two pages.
describe('S3 listing of more than one page', () => {
  it('follows the continuation token until the listing is complete', async () => {
    const asked: Array<string | null> = [];
    const page = (keys: string[], next: string | null) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>library-test</Name><Prefix>tmp/</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys>` +
      `<IsTruncated>${next !== null}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}` +
      keys
        .map(
          (key) =>
            `<Contents><Key>${key}</Key><LastModified>2026-11-24T08:00:00.000Z</LastModified><Size>1</Size></Contents>`,
        )
        .join('') +
      '</ListBucketResult>';
    const first = Array.from({ length: 1000 }, () => storageKeys.temp());
    const second = [storageKeys.temp(), storageKeys.temp()];
    const server = http.createServer((request, response) => {
      const token = new URL(request.url ?? '/', 'http://x').searchParams.get('continuation-token');
      asked.push(token);
      response.setHeader('content-type', 'application/xml');
      response.end(token === 'page-2' ? page(second, null) : page(first, 'page-2'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const driver = createS3Driver({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'library-test',
        accessKey: 'key',
        secretKey: 'secret',
        forcePathStyle: true,
      });
      const listed = await driver.list('tmp/');
      expect(listed.map((object) => object.key)).toEqual([...first, ...second]);
      expect(asked).toEqual([null, 'page-2']);
    } finally {
      server.close();
    }
  });
});

describe('storage keys', () => {
  it('are generated ids under fixed prefixes', () => {
    expect(storageKeys.blob()).toMatch(/^blobs\/[0-9a-f]{32}$/);
    expect(storageKeys.temp()).toMatch(/^tmp\/[0-9a-f]{32}$/);
    expect(() => assertStorageKey(storageKeys.avatar('png'))).not.toThrow();
  });
});
