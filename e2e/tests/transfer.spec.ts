// Import and export in the browser, each a transfer job the dialog follows on the
// server: a Word document with a table imported into the space shows its table; a page exported
// as PDF holds its Chinese text (read back with a PDF text reader, not a screenshot).
import fs from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './support/fixtures';
import { newUserWithSpace } from './support/content';
import { chooseMenuItem } from './support/menu';

const escapeXml = (text: string) =>
  text.replace(/[<>&]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[char] ?? char);

/** A Word document: a paragraph, then a table of `rows`. */
function tableDocx(intro: string, rows: string[][]): Buffer {
  const paragraph = (text: string) =>
    `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
  const table = `<w:tbl>${rows
    .map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`)
    .join('')}</w:tbl>`;
  const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        `${header}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      ),
      '_rels/.rels': strToU8(
        `${header}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
      'word/document.xml': strToU8(
        `${header}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph(intro)}${table}</w:body></w:document>`,
      ),
    }),
  );
}

test('a Word document imported into a space shows its table; the page exports to PDF with its Chinese text', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '季度资料');
  await page.goto(`/space/${space.spaceId}`);

  // import from the space's 'new' menu
  await page.getByRole('button', { name: '新建', exact: true }).click();
  await chooseMenuItem(page, '导入到空间');
  const dialog = page.getByRole('dialog', { name: '导入到“季度资料”' });
  await expect(dialog).toBeVisible();
  // the dialog asks the server for the transfer's progress until it is done
  const followed = page.waitForResponse(
    (response) => /\/api\/v1\/transfer\/[0-9a-f-]{36}$/.test(response.url()) && response.ok(),
  );
  await dialog.locator('input[type=file]').setInputFiles({
    name: '季度汇总.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: tableDocx('本季度各地区收入如下。', [
      ['地区', '收入'],
      ['华东', '120'],
      ['华南', '95'],
    ]),
  });
  await expect(dialog.getByTestId('transfer-report')).toContainText('已导入 1 个页面');
  expect(((await (await followed).json()) as { data: { kind: string } }).data.kind).toBe('import');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();

  // the new page is in the tree; opened, it shows the table
  await page.locator('.space-side').getByText('季度汇总', { exact: true }).click();
  const table = page.locator('.page-body table');
  await expect(table).toBeVisible();
  await expect(table.locator('tr').nth(1)).toContainText('华东');
  await expect(table).toContainText('95');

  // export that page as PDF from its toolbar
  await page.locator('.page-export-button').click();
  const exporting = page.getByRole('dialog', { name: '导出“季度汇总”' });
  await exporting.getByRole('radio', { name: /PDF/ }).check();
  const downloading = page.waitForEvent('download');
  const fetched = page.waitForResponse((response) =>
    /\/api\/v1\/transfer\/[0-9a-f-]{36}\/download$/.test(response.url()),
  );
  await exporting.getByTestId('transfer-export').click();
  expect((await fetched).headers()['content-type']).toBe('application/pdf');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('季度汇总.pdf');
  const bytes = fs.readFileSync((await download.path())!);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const compact = text.replace(/\s+/g, '');
  expect(compact).toContain('本季度各地区收入如下。');
  expect(compact).toContain('华东');
  expect(compact).toContain('120');
});
