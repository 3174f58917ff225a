import { Readable } from 'node:stream';
import crypto from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contentDisposition,
  isActiveType,
  parseRange,
  requestedRange,
  sendFile,
  type Disposition,
  type FileToSend,
} from './send-file.js';

const content = Buffer.from('0123456789abcdefghij');
const sha256 = crypto.createHash('sha256').update(content).digest('hex');

/** One route sending whatever the test names, as the file routes do. */
const app = Fastify();
let next: { file: FileToSend; disposition: Disposition; cacheControl?: string };
app.get('/file', async (request, reply) => {
  const { file, disposition, cacheControl } = next;
  return sendFile(reply, file, { disposition, ...(cacheControl ? { cacheControl } : {}) });
});
app.get('/stored', async (request, reply) => {
  const range = requestedRange(request)(content.length);
  if (range === 'unsatisfiable') return reply.code(416).send();
  const stored = {
    name: '报告.pdf',
    mimeType: 'application/pdf',
    size: content.length,
    sha256,
    range,
    body: Readable.from(range ? content.subarray(range.start, range.end + 1) : content),
  };
  return sendFile(reply, stored, { disposition: 'attachment' });
});
afterAll(() => app.close());

async function send(
  file: FileToSend,
  disposition: Disposition,
  cacheControl?: string,
): Promise<Awaited<ReturnType<typeof app.inject>>> {
  next = { file, disposition, ...(cacheControl ? { cacheControl } : {}) };
  return app.inject({ method: 'GET', url: '/file' });
}

describe('sendFile', () => {
  it('shows HTML, SVG and XML as their sandboxed source text, never as themselves', async () => {
    for (const mimeType of ['text/html', 'image/svg+xml', 'application/xml']) {
      const res = await send({ name: 'a.html', mimeType, body: '<script>1</script>' }, 'inline');
      expect(res.headers['content-type'], mimeType).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="a.html"; /);
      expect(res.body).toBe('<script>1</script>');
    }
  });

  it('downloads an active type as opaque bytes, sandboxed', async () => {
    const res = await send(
      { name: 'x.svg', mimeType: 'image/svg+xml', body: '<svg/>' },
      'attachment',
    );
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it("saves a download under its Chinese name: an ASCII fallback and the UTF-8 name's filename*", async () => {
    const res = await send(
      { name: '季度报告 2024.zip', mimeType: 'application/zip', body: 'PK' },
      'attachment',
      'no-store',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____ 2024.zip"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A%202024.zip`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/zip');
  });

  it('sends text as UTF-8 unless its type names a charset', async () => {
    const markdown = await send(
      { name: 'a.md', mimeType: 'text/markdown', body: '# 标题' },
      'inline',
    );
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const csv = await send({ name: 'a.csv', mimeType: 'text/csv', body: 'a,b' }, 'attachment');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const named = await send({ mimeType: 'text/plain; charset=gbk', body: 'a' }, 'inline');
    expect(named.headers['content-type']).toBe('text/plain; charset=gbk');
  });

  it("sandboxes everything but a PDF shown inline (Chrome's viewer refuses a sandbox)", async () => {
    const pdf = { name: 'a.pdf', mimeType: 'application/pdf', body: '%PDF-' };
    expect((await send(pdf, 'inline')).headers['content-security-policy']).toBeUndefined();
    expect((await send(pdf, 'attachment')).headers['content-security-policy']).toBe('sandbox');
    const png = { mimeType: 'image/png', body: Buffer.from([0x89, 0x50]) };
    expect((await send(png, 'inline')).headers['content-security-policy']).toBe('sandbox');
  });

  it('sends no Content-Disposition, ETag or ranges for bytes without a name or a hash', async () => {
    const res = await send({ mimeType: 'image/webp', body: Buffer.from('RIFF') }, 'inline');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a stored file whole with its ETag, and one range of it with 206', async () => {
    const whole = await app.inject({ method: 'GET', url: '/stored' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['etag']).toBe(`"${sha256}"`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('20');
    expect(whole.headers['content-range']).toBeUndefined();
    expect(whole.body).toBe(content.toString());

    const part = await app.inject({
      method: 'GET',
      url: '/stored',
      headers: { range: 'bytes=5-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 5-9/20');
    expect(part.headers['content-length']).toBe('5');
    expect(part.headers['etag']).toBe(`"${sha256}"`);
    expect(part.body).toBe('56789');
  });
});

describe('isActiveType', () => {
  it('marks the types a browser would render as documents', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'application/xhtml+xml']) {
      expect(isActiveType(type), type).toBe(true);
    }
    expect(isActiveType('text/javascript')).toBe(true);
    for (const type of ['image/png', 'application/pdf', 'text/plain', 'text/markdown']) {
      expect(isActiveType(type), type).toBe(false);
    }
  });
});

describe('parseRange', () => {
  it('reads one byte range of a file of 100 bytes', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('answers unsatisfiable outside the file and ignores what it cannot use', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('pages=1-2', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('attachment', '报告 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.txt')).toBe(
      `inline; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
    expect(contentDisposition('attachment', "it's*.txt")).toContain(
      "filename*=UTF-8''it%27s%2A.txt",
    );
  });
});
