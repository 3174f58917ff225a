import { describe, expect, it } from 'vitest';
import type { SpaceFile } from '@library/contract';
import { chooseViewer, codeLanguageOf } from './viewer-choice';

function fileOf(kind: SpaceFile['kind'], name: string, mimeType: string, size = 1024) {
  return { kind, name, mimeType, size };
}

describe('viewer choice', () => {
  it('gives each kind its own viewer', () => {
    const cases: [SpaceFile['kind'], string, string, string][] = [
      ['image', '封面.png', 'image/png', 'image'],
      ['pdf', '年报.pdf', 'application/pdf', 'pdf'],
      [
        'docx',
        '合同.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'docx',
      ],
      [
        'xlsx',
        '预算.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'xlsx',
      ],
      [
        'pptx',
        '汇报.pptx',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'pptx',
      ],
      ['markdown', '说明.md', 'text/markdown', 'markdown'],
      ['text', '日志.txt', 'text/plain', 'text'],
      ['code', 'main.ts', 'text/plain', 'code'],
      ['audio', '录音.mp3', 'audio/mpeg', 'audio'],
      ['video', '演示.mp4', 'video/mp4', 'video'],
      ['other', '归档.zip', 'application/zip', 'unknown'],
    ];
    for (const [kind, name, mimeType, viewer] of cases) {
      expect(chooseViewer(fileOf(kind, name, mimeType)), name).toEqual({
        viewer,
        activeContent: false,
      });
    }
  });

  it('never renders SVG or HTML: they are shown as source code', () => {
    expect(chooseViewer(fileOf('image', '图标.svg', 'image/svg+xml'))).toEqual({
      viewer: 'code',
      activeContent: true,
    });
    expect(chooseViewer(fileOf('code', 'index.html', 'text/html'))).toEqual({
      viewer: 'code',
      activeContent: true,
    });
    // a name that claims an image but bytes the server sniffed as HTML
    expect(chooseViewer(fileOf('other', 'photo.jpg', 'text/html; charset=utf-8')).viewer).toBe(
      'code',
    );
  });

  it('shows the download card for files too large to parse in the browser', () => {
    const big = 200 * 1024 * 1024;
    expect(chooseViewer(fileOf('docx', '大.docx', 'application/x', big)).viewer).toBe('tooLarge');
    expect(chooseViewer(fileOf('text', '大.log', 'text/plain', big)).viewer).toBe('tooLarge');
    // PDF and media stream by ranges, so size does not matter
    expect(chooseViewer(fileOf('pdf', '大.pdf', 'application/pdf', big)).viewer).toBe('pdf');
    expect(chooseViewer(fileOf('video', '大.mp4', 'video/mp4', big)).viewer).toBe('video');
  });

  it('picks a highlighter language from the file name', () => {
    expect(codeLanguageOf('app.TSX')).toBe('typescript');
    expect(codeLanguageOf('脚本.py')).toBe('python');
    expect(codeLanguageOf('page.html')).toBe('xml');
    expect(codeLanguageOf('README')).toBeNull();
    expect(codeLanguageOf('notes.txt')).toBeNull();
  });
});
