import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { makeDocx, makePdf, makePng } from '../fixtures/documents.mjs';
import { expect, test } from './support/fixtures';
import { apiAs } from './support/api';
import { newUserWithSpace } from './support/content';

interface FixtureFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Drops files on an element the way a file manager does (a drop event carrying Files). */
async function dropFiles(page: Page, target: Locator, files: FixtureFile[]) {
  const payload = files.map((file) => ({
    name: file.name,
    type: file.mimeType,
    base64: file.buffer.toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  const box = await target.boundingBox();
  if (!box) throw new Error('drop target is not visible');
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height - 8 };
  await target.dispatchEvent('dragenter', { dataTransfer, ...at });
  await target.dispatchEvent('dragover', { dataTransfer, ...at });
  await target.dispatchEvent('drop', { dataTransfer, ...at });
}

/** Slows uploads down (Chromium's network emulation) so their progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
  return cdp;
}

const pdf: FixtureFile = {
  name: '年度报告（终稿）.pdf',
  mimeType: 'application/pdf',
  // ~300 KB, so a throttled upload takes a few seconds
  buffer: makePdf({
    title: 'Annual report 2026',
    pages: 3,
    padding: 300_000,
    chinese: '年度报告终稿',
  }),
};
const docx: FixtureFile = {
  name: '会议纪要.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: makeDocx({
    heading: '第三次项目例会',
    paragraphs: ['会议决定下周发布第一版。', '负责人：林小书'],
  }),
};

test('files dropped on a page upload with progress, preview as PDF and Word, and download intact', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const space = await newUserWithSpace(page, request, '项目资料');
  const created = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/page`,
    { name: '例会记录', avatar: '📁' },
  );
  await page.goto(`/space/${space.spaceId}/page/${created.pageId}`);
  const editor = page.locator('.page-body .bn-editor');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type('附件如下：');

  // drop both files onto the editor, uploads slowed down so the progress is visible
  const cdp = await throttleUploads(page, 100_000);
  await dropFiles(page, editor, [pdf, docx]);
  const uploads = page.locator('.file-uploads');
  const pdfUpload = uploads.locator('.file-upload', { hasText: pdf.name });
  await expect(pdfUpload).toHaveAttribute('data-upload-status', 'uploading');
  await expect(pdfUpload.getByText(/上传中 ([1-9]|[1-9]\d)%/)).toBeVisible({ timeout: 15_000 });
  const bar = pdfUpload.getByRole('progressbar');
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(pdfUpload).toHaveAttribute('data-upload-status', 'done', { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const docxUpload = uploads.locator('.file-upload', { hasText: docx.name });
  await expect(docxUpload).toHaveAttribute('data-upload-status', 'done', { timeout: 30_000 });

  // both became file blocks of the page, stored as our file URLs, and the page saved them
  const fileBlocks = editor.locator('[data-content-type="file"]');
  await expect(fileBlocks).toHaveCount(2);
  await expect(fileBlocks.filter({ hasText: pdf.name })).toHaveAttribute(
    'data-url',
    /^\/v3\/space\/file\/[0-9a-f-]{36}$/,
  );

  // a picture dropped on the page becomes an image block shown through a signed preview URL
  await dropFiles(page, editor, [
    {
      name: '封面.png',
      mimeType: 'image/png',
      buffer: makePng({ width: 120, height: 80, rgb: [29, 111, 100] }),
    },
  ]);
  const picture = editor.locator('[data-content-type="image"] img');
  await expect(picture).toHaveAttribute('src', /^\/preview\/[0-9a-f-]{36}\?/);
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(120);
  await expect(page.locator('.page-toolbar').getByText('已保存')).toBeVisible({ timeout: 15_000 });

  // the space's file library lists them with the page using them
  await page.getByRole('button', { name: '空间文件库' }).click();
  const library = page.locator('.file-library-drawer');
  const pdfRow = library.locator('tr', { hasText: pdf.name });
  await expect(pdfRow).toBeVisible();
  await expect(pdfRow.getByRole('link', { name: '例会记录' })).toBeVisible();
  await expect(library.locator('tr', { hasText: docx.name })).toBeVisible();

  // PDF preview: the first page drawn on a canvas, its Chinese line read through pdf.js's
  // character map, which the server hands out like any built asset
  const characterMap = page.waitForResponse((response) =>
    /\/assets\/pdfjs-[^/]+\/cmaps\/UniGB-UCS2-H\.bcmap$/.test(response.url()),
  );
  await pdfRow.getByRole('button', { name: `预览: ${pdf.name}` }).click();
  const mapResponse = await characterMap;
  expect(mapResponse.status()).toBe(200);
  expect(mapResponse.headers()['cache-control']).toContain('immutable');
  const preview = page.locator('.file-preview-modal');
  await expect(preview.getByText('共 3 页')).toBeVisible({ timeout: 20_000 });
  const firstPage = preview.locator('.file-pdf-page[data-page-number="1"] canvas');
  await expect(firstPage).toBeVisible();
  await expect
    .poll(
      () =>
        firstPage.evaluate((canvas: HTMLCanvasElement) => {
          const context = canvas.getContext('2d');
          if (!context) return 0;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let inked = 0;
          for (let index = 0; index < data.length; index += 4) {
            if ((data[index] ?? 255) < 200) inked += 1;
          }
          return inked;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(100);

  // download from the preview: saved under the original Chinese name, the very same bytes
  const downloading = page.waitForEvent('download');
  await preview.getByRole('button', { name: /下\s*载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(pdf.name);
  const saved = await download.path();
  expect(Buffer.compare(fs.readFileSync(saved), pdf.buffer)).toBe(0);
  await page.getByRole('button', { name: '关闭预览' }).click();
  await expect(preview).toBeHidden();

  // Word preview: the document's text, rendered
  await library.getByRole('button', { name: `预览: ${docx.name}` }).click();
  const wordPreview = page.locator('.file-preview-modal .file-docx-viewer');
  await expect(wordPreview.getByRole('heading', { name: '第三次项目例会' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(wordPreview.getByText('会议决定下周发布第一版。')).toBeVisible();
  const docxDownload = page.waitForEvent('download');
  await page
    .locator('.file-preview-modal')
    .getByRole('button', { name: /下\s*载/ })
    .click();
  const savedDocx = await (await docxDownload).path();
  expect(Buffer.compare(fs.readFileSync(savedDocx), docx.buffer)).toBe(0);
});

test('the file library uploads several picked files, shows refusals and survives a lost connection', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '共享资料');
  await page.goto(`/space/${space.spaceId}`);
  await page.getByRole('button', { name: '空间文件库' }).click();
  const library = page.locator('.file-library-drawer');
  await expect(library.getByText('还没有文件')).toBeVisible();

  // several at once through the picker: a note, and an empty file the server refuses (602002)
  await library.getByTestId('file-library-input').setInputFiles([
    { name: '说明.md', mimeType: 'text/markdown', buffer: Buffer.from('# 使用说明\n\n- 第一步') },
    { name: '空白.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
  ]);
  const uploads = library.locator('.file-uploads');
  await expect(uploads.locator('.file-upload', { hasText: '说明.md' })).toHaveAttribute(
    'data-upload-status',
    'done',
  );
  const empty = uploads.locator('.file-upload', { hasText: '空白.txt' });
  await expect(empty).toHaveAttribute('data-upload-status', 'failed');
  await expect(empty.getByRole('alert')).not.toBeEmpty();
  await expect(library.locator('tr', { hasText: '说明.md' })).toBeVisible();

  // files dragged from the desktop onto the library upload too
  await dropFiles(page, library.locator('.file-library'), [
    { name: '清单.csv', mimeType: 'text/csv', buffer: Buffer.from('名称,数量\n书,3\n') },
  ]);
  await expect(uploads.locator('.file-upload', { hasText: '清单.csv' })).toHaveAttribute(
    'data-upload-status',
    'done',
  );
  await expect(library.locator('tr', { hasText: '清单.csv' })).toBeVisible();

  // the connection drops during an upload: it fails as a network error and a retry finishes it
  await page.context().setOffline(true);
  await library
    .getByTestId('file-library-input')
    .setInputFiles([
      { name: '离线.txt', mimeType: 'text/plain', buffer: Buffer.from('离线时上传') },
    ]);
  const offline = uploads.locator('.file-upload', { hasText: '离线.txt' });
  await expect(offline).toHaveAttribute('data-upload-status', 'failed');
  await expect(offline.getByText('网络中断，请检查网络后重试')).toBeVisible();
  await page.context().setOffline(false);
  await offline.getByRole('button', { name: /重试/ }).click();
  await expect(offline).toHaveAttribute('data-upload-status', 'done');
  await expect(library.locator('tr', { hasText: '离线.txt' })).toBeVisible();

  // a slow upload can be cancelled: it stops and no file is stored
  const cdp = await throttleUploads(page, 50_000);
  await library.getByTestId('file-library-input').setInputFiles([
    {
      name: '大文件.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf({ title: 'Big', padding: 600_000 }),
    },
  ]);
  const big = uploads.locator('.file-upload', { hasText: '大文件.pdf' });
  await expect(big).toHaveAttribute('data-upload-status', 'uploading');
  await big.getByRole('button', { name: '取消上传: 大文件.pdf' }).click();
  await expect(big).toHaveAttribute('data-upload-status', 'cancelled');
  await expect(big.getByText('已取消')).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await library.getByPlaceholder('搜索文件名').fill('大文件');
  await library.getByPlaceholder('搜索文件名').press('Enter');
  await expect(library.getByText('没有找到名称包含“大文件”的文件')).toBeVisible();
  await library.getByPlaceholder('搜索文件名').fill('');

  // Markdown preview renders it
  await library.getByRole('button', { name: '预览: 说明.md' }).click();
  await expect(
    page.locator('.file-preview-modal').getByRole('heading', { name: '使用说明' }),
  ).toBeVisible();
});
