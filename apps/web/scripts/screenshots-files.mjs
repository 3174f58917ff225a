#!/usr/bin/env node
// Screenshots of a space's file library and the file previews against a running server (which
// serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-files.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user gets a space whose library holds a PDF, Word, Excel, PowerPoint, Markdown, code,
// a picture, an SVG and an archive (all made here); then the library, uploads in progress and
// each preview are shot in zh_CN and en_US, light and dark, desktop and 390 px.
/* global DataTransfer, atob, File -- used inside page scripts, which run in the browser */
import { Buffer } from 'node:buffer';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { makeDocx, makePdf } from '../../../e2e/fixtures/documents.mjs';
import {
  baseUrl,
  browser,
  call,
  logInBySms,
  newPage,
  phone,
  shoot,
  token,
} from './screenshot-kit.mjs';

async function upload(page, spaceId, pageId, file) {
  const query = pageId ? `?pageId=${pageId}` : '';
  const response = await page.request.post(`${baseUrl}/api/v3/space/${spaceId}/file${query}`, {
    headers: { Authorization: `Bearer ${await token(page)}` },
    multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
  });
  const json = await response.json();
  if (json.code !== 0) throw new Error(`upload ${file.name}: ${json.code} ${json.msg}`);
  return json.data;
}

async function makeXlsx() {
  const workbook = new ExcelJS.Workbook();
  const budget = workbook.addWorksheet('预算');
  budget.addRow(['项目', '一季度', '二季度', '三季度', '四季度', '合计']);
  const lines = [
    ['人力', 320000, 330000, 345000, 360000],
    ['服务器', 48000, 52000, 52000, 61000],
    ['市场推广', 90000, 120000, 80000, 150000],
    ['办公', 24000, 24000, 26000, 26000],
  ];
  for (const line of lines) {
    const total = line.slice(1).reduce((sum, value) => sum + Number(value), 0);
    budget.addRow([...line, total]);
  }
  const people = workbook.addWorksheet('人员');
  people.addRow(['姓名', '部门', '入职日期']);
  people.addRow(['林小书', '产品部', '2024-03-01']);
  people.addRow(['陈一帆', '研发部', '2023-09-15']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function makePptx() {
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const p = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const r = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const slide = (paragraphs) =>
    strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="${a}" xmlns:p="${p}"><p:cSld><p:spTree><p:sp><p:txBody>${paragraphs
        .map((text) => `<a:p><a:r><a:t>${text}</a:t></a:r></a:p>`)
        .join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    );
  return Buffer.from(
    zipSync({
      'ppt/presentation.xml': strToU8(
        `<p:presentation xmlns:p="${p}" xmlns:r="${r}"><p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/><p:sldId id="258" r:id="rId4"/></p:sldIdLst></p:presentation>`,
      ),
      'ppt/_rels/presentation.xml.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="slide" Target="slides/slide1.xml"/><Relationship Id="rId3" Type="slide" Target="slides/slide2.xml"/><Relationship Id="rId4" Type="slide" Target="slides/slide3.xml"/></Relationships>',
      ),
      'ppt/slides/slide1.xml': slide(['2026 年度产品规划', '产品部 · 林小书']),
      'ppt/slides/slide2.xml': slide(['目标', '活跃用户翻一番', '上线 AI 问答', '移动端体验优化']),
      'ppt/slides/slide3.xml': slide(['时间表', '一季度：调研', '二季度：开发', '三季度：发布']),
    }),
  );
}

async function pictureOf(page) {
  await page.setContent(
    '<div style="width:640px;height:400px;background:linear-gradient(135deg,#1d6f64,#8ad1c2);display:flex;align-items:center;justify-content:center;color:#fff;font:48px sans-serif">公共图书馆</div>',
  );
  return page.locator('div').screenshot();
}

const markdown = `# 使用说明

欢迎使用**公共图书馆**的文件库。

## 步骤

1. 打开空间，点击右上角的“文件”
2. 把文件拖进来，或点击“上传文件”
3. 点击文件名即可在线预览

| 类型 | 预览方式 |
| --- | --- |
| PDF | 逐页显示 |
| Word | 排版后的正文 |
| Excel | 按工作表显示 |

> 网页和 SVG 文件只显示源代码。
`;

const code = `// 计算一个空间的文件总大小
export function totalSize(files: { size: number }[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

const 单位 = ['B', 'KB', 'MB'];
console.log(totalSize([{ size: 1024 }]), 单位);
`;

try {
  let storage;
  let spaceId;
  const ids = {};
  let meetingPageId;
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await logInBySms(page);
    const space = await call(page, 'POST', '/v2/space', {
      name: '项目资料',
      icon: '项',
      description: '项目文档、会议纪要与预算表。',
    });
    spaceId = space.spaceId;
    const meeting = await call(page, 'POST', `/v2/space/${spaceId}/page`, { name: '例会记录' });
    meetingPageId = meeting.pageId;
    const picture = await pictureOf(page);
    const files = [
      [
        'archive',
        null,
        '归档资料.zip',
        'application/zip',
        Buffer.from(zipSync({ 'a.txt': strToU8('归档') })),
      ],
      [
        'svg',
        null,
        '图标.svg',
        'image/svg+xml',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#1d6f64"/><script>alert(1)</script></svg>',
        ),
      ],
      ['image', meeting.pageId, '封面.png', 'image/png', picture],
      ['code', null, 'total-size.ts', 'text/plain', Buffer.from(code)],
      ['markdown', null, '使用说明.md', 'text/markdown', Buffer.from(markdown)],
      [
        'pptx',
        null,
        '年度规划.pptx',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        makePptx(),
      ],
      [
        'xlsx',
        null,
        '年度预算.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        await makeXlsx(),
      ],
      [
        'docx',
        meeting.pageId,
        '会议纪要.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        makeDocx({
          heading: '第三次项目例会',
          paragraphs: [
            '时间：2026 年 11 月 20 日 14:00',
            '参加：林小书、陈一帆、王小明',
            '会议决定下周发布第一版，文件库和在线预览一并上线。',
            '负责人：林小书',
          ],
        }),
      ],
      [
        'pdf',
        meeting.pageId,
        '年度报告（终稿）.pdf',
        'application/pdf',
        makePdf({ title: 'Annual report 2026', pages: 5, chinese: '年度报告（终稿）' }),
      ],
    ];
    for (const [key, pageId, name, mimeType, buffer] of files) {
      const stored = await upload(page, spaceId, pageId, { name, mimeType, buffer });
      ids[key] = stored.name;
    }
    storage = await context.storageState();
    await context.close();
  }

  const openLibrary = async (page, label) => {
    await page.getByRole('button', { name: label }).first().click();
    await page.locator('.file-library-drawer .file-table tbody tr').first().waitFor();
  };
  const labels = { zh_CN: '空间文件库', en_US: "The space's file library" };
  const previewName = { zh_CN: '预览', en_US: 'Preview' };

  async function preview(page, locale, name, ready) {
    await page.getByRole('button', { name: `${previewName[locale]}: ${name}` }).click();
    await page.locator('.file-preview-modal').waitFor();
    await ready(page.locator('.file-preview-modal'));
  }
  const closePreview = (page) => page.keyboard.press('Escape');

  for (const [locale, theme] of [
    ['zh_CN', 'light'],
    ['zh_CN', 'dark'],
    ['en_US', 'light'],
    ['en_US', 'dark'],
  ]) {
    const { context, page } = await newPage({ locale, theme, storage });
    await page.goto(`${baseUrl}/space/${spaceId}`);
    await openLibrary(page, labels[locale]);
    await shoot(page, `files-library-${theme}-${locale}`);

    await preview(page, locale, ids.pdf, (modal) =>
      modal.locator('.file-pdf-page[data-page-number="1"] canvas').waitFor(),
    );
    await page.waitForTimeout(800);
    await shoot(page, `files-preview-pdf-${theme}-${locale}`);
    await closePreview(page);

    await preview(page, locale, ids.docx, (modal) =>
      modal.locator('.file-docx-viewer h1').waitFor(),
    );
    await shoot(page, `files-preview-docx-${theme}-${locale}`);
    await closePreview(page);

    if (locale === 'zh_CN') {
      const rest = [
        ['xlsx', (modal) => modal.locator('.file-sheet table').waitFor()],
        ['pptx', (modal) => modal.locator('.file-slide').first().waitFor()],
        ['markdown', (modal) => modal.locator('.file-markdown-viewer h1').waitFor()],
        ['code', (modal) => modal.locator('.file-code-text').waitFor()],
        ['image', (modal) => modal.locator('.file-image-stage img').waitFor()],
        ['svg', (modal) => modal.locator('.file-code-text').waitFor()],
        ['archive', (modal) => modal.locator('.file-unknown-card').waitFor()],
      ];
      for (const [key, ready] of rest) {
        await preview(page, locale, ids[key], ready);
        await shoot(page, `files-preview-${key}-${theme}-${locale}`);
        await closePreview(page);
        await page.locator('.file-preview-modal').waitFor({ state: 'hidden' });
      }
    }
    await context.close();
  }

  // the entry point in the space header, and files dropped onto a page's editor
  {
    const { context, page } = await newPage({ storage });
    await page.goto(`${baseUrl}/space/${spaceId}/page/${meetingPageId}`);
    const editor = page.locator('.page-body .bn-editor');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('本次例会的附件：');
    const payload = [
      {
        name: '例会议程.pdf',
        type: 'application/pdf',
        base64: makePdf({ title: 'Agenda' }).toString('base64'),
      },
    ];
    const dataTransfer = await page.evaluateHandle((items) => {
      const transfer = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], item.name, { type: item.type }));
      }
      return transfer;
    }, payload);
    const box = await editor.boundingBox();
    const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height - 8 };
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await editor.dispatchEvent(type, { dataTransfer, ...at });
    }
    await page.locator('.file-upload[data-upload-status="done"]').waitFor();
    await page.locator('[data-content-type="file"]').first().waitFor();
    await shoot(page, 'files-page-editor-light-zh_CN');
    await context.close();
  }

  // uploads in progress: a throttled connection, files dropped on the library
  {
    const { context, page } = await newPage({ storage });
    await page.goto(`${baseUrl}/space/${spaceId}`);
    await openLibrary(page, labels.zh_CN);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 60_000,
    });
    await page.getByTestId('file-library-input').setInputFiles([
      {
        name: '季度汇报.pdf',
        mimeType: 'application/pdf',
        buffer: makePdf({ title: 'Q3', padding: 400_000 }),
      },
      {
        name: '素材.pdf',
        mimeType: 'application/pdf',
        buffer: makePdf({ title: 'Assets', padding: 600_000 }),
      },
      { name: '空白.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await page
      .getByText(/上传中 [1-9]/)
      .first()
      .waitFor({ timeout: 20_000 });
    await shoot(page, 'files-uploading-light-zh_CN');
    await context.close();
  }

  // 390 px phone: the mobile space screen opens the same library in a full-width drawer
  for (const locale of ['zh_CN', 'en_US']) {
    const { context, page } = await newPage({ locale, viewport: phone, storage });
    await page.goto(`${baseUrl}/space/${spaceId}`);
    await page.waitForURL('**/space-mobile/**');
    await page.locator('.space-mobile-list').waitFor();
    await shoot(page, `files-entry-mobile-${locale}`);
    await openLibrary(page, labels[locale]);
    await shoot(page, `files-library-mobile-${locale}`);
    await preview(page, locale, ids.pdf, (modal) =>
      modal.locator('.file-pdf-page[data-page-number="1"] canvas').waitFor(),
    );
    await page.waitForTimeout(800);
    await shoot(page, `files-preview-pdf-mobile-${locale}`);
    await closePreview(page);
    await preview(page, locale, ids.docx, (modal) =>
      modal.locator('.file-docx-viewer h1').waitFor(),
    );
    await shoot(page, `files-preview-docx-mobile-${locale}`);
    await context.close();
  }
} finally {
  await browser.close();
}
