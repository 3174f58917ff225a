import { describe, expect, it } from 'vitest';
import { isRefused, sniffType } from './sniff.js';
import { tinyDocx, tinyPdf, tinyPptx, tinyXlsx } from '../../../test/documents.js';

const sniff = (bytes: Buffer | string, name: string) =>
  sniffType(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), name, true);

describe('sniffType', () => {
  it('takes binary types from their magic bytes, whatever the name says', () => {
    expect(sniff(Buffer.from('89504e470d0a1a0a0000', 'hex'), 'a.pdf').mimeType).toBe('image/png');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'a.txt').mimeType).toBe('image/jpeg');
    expect(sniff(tinyPdf('x'), 'x.jpg')).toEqual({ mimeType: 'application/pdf', kind: 'pdf' });
    expect(sniff('ID3\x03\x00', 'song').kind).toBe('audio');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);
    expect(sniff(mp4, 'v.bin')).toEqual({ mimeType: 'video/mp4', kind: 'video' });
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('....webm')]);
    expect(sniff(webm, 'v').mimeType).toBe('video/webm');
  });

  it('tells the Office packages apart by their entries', async () => {
    expect((await tinyDocx(['x'])).length).toBeGreaterThan(0);
    expect(sniff(await tinyDocx(['x']), 'a.zip').kind).toBe('docx');
    expect(sniff(await tinyPptx(['x']), 'a.zip').kind).toBe('pptx');
    expect(sniff(await tinyXlsx({ s: [[1]] }), 'a.zip').kind).toBe('xlsx');
    expect(sniff(Buffer.from('PK\x03\x04other', 'latin1'), 'a.zip')).toEqual({
      mimeType: 'application/zip',
      kind: 'other',
    });
  });

  it('finds HTML and SVG in text even under another name', () => {
    expect(sniff('<!DOCTYPE html><p>x', 'photo.jpg')).toEqual({
      mimeType: 'text/html',
      kind: 'code',
    });
    expect(sniff('\uFEFF  <html lang="zh">', 'a.txt').mimeType).toBe('text/html');
    expect(sniff('<?xml version="1.0"?><svg xmlns="…"/>', 'a.png').mimeType).toBe('image/svg+xml');
  });

  it('names text by its extension', () => {
    expect(sniff('# 标题', 'a.md')).toEqual({ mimeType: 'text/markdown', kind: 'markdown' });
    expect(sniff('a,b', 'a.csv')).toEqual({ mimeType: 'text/csv', kind: 'text' });
    expect(sniff('{"a":1}', 'a.json')).toEqual({ mimeType: 'application/json', kind: 'code' });
    expect(sniff('fn main() {}', 'main.rs')).toEqual({ mimeType: 'text/plain', kind: 'code' });
    expect(sniff('纯文本', '说明')).toEqual({ mimeType: 'text/plain', kind: 'text' });
  });

  it('accepts a multi-byte character cut at the end of an incomplete head', () => {
    const head = Buffer.from('中文'.repeat(10)).subarray(0, 29);
    expect(sniffType(head, 'a.txt', false).kind).toBe('text');
    expect(sniffType(head, 'a.txt', true).kind).toBe('other');
  });

  it('calls binary data other', () => {
    expect(sniff(Buffer.from([0, 1, 2, 3, 0xfe]), 'data.bin')).toEqual({
      mimeType: 'application/octet-stream',
      kind: 'other',
    });
  });
});

describe('isRefused', () => {
  it('refuses executables by bytes and by name', () => {
    expect(isRefused(Buffer.from('MZ\x90\x00', 'latin1'), 'a.txt')).toBe(true);
    expect(isRefused(Buffer.from([0x7f, 0x45, 0x4c, 0x46]), 'a')).toBe(true);
    expect(isRefused(Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), 'a')).toBe(true);
    expect(isRefused(Buffer.from('hello'), 'setup.EXE')).toBe(true);
    expect(isRefused(Buffer.from('echo'), 'run.ps1')).toBe(true);
    expect(isRefused(Buffer.from('#!/bin/sh\necho'), 'run.sh')).toBe(false);
    expect(isRefused(Buffer.from('%PDF-'), 'a.pdf')).toBe(false);
  });
});
