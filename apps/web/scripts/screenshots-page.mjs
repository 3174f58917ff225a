#!/usr/bin/env node
// Screenshots of a page with every kind of block, against a running server (which serves
// apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-page.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// Each look (zh_CN and en_US, light and dark, 1440 px and a 390 px phone) is shot twice: the
// static rendering of the blocks the page shows while the editor loads (the editor's code held
// back), and the editor once it has taken over; then the page as a reader sees it.
import { makePng } from '../../../e2e/fixtures/documents.mjs';
import {
  baseUrl,
  browser,
  call,
  logInBySms,
  newPage,
  randomPhone,
  shoot,
  token,
} from './screenshot-kit.mjs';

const wide = { width: 1440, height: 2300 };
const phone = { width: 390, height: 1700 };

async function logIn(page, mobile) {
  await page.goto(`${baseUrl}/login`);
  await logInBySms(page, mobile);
}

const text = (value, styles = {}) => ({ type: 'text', text: value, styles });
const block = (id, type, props, content, children = []) => ({
  id,
  type,
  props,
  content,
  children,
});

function blocks(pictureUrl) {
  return [
    block('h1', 'heading', { level: 1 }, [text('项目周报 Weekly report')]),
    block('p1', 'paragraph', {}, [
      text('本周完成了'),
      text('检索改进', { bold: true }),
      text('，并修复了'),
      text('三个', { italic: true, underline: true }),
      text('问题；详见 '),
      { type: 'link', href: 'https://example.com/', content: [text('发布说明')] },
      text('。代码里的 '),
      text('pageSaver', { code: true }),
      text(' 已拆分。'),
      text('红字', { textColor: 'red' }),
      text('与'),
      text('黄底', { backgroundColor: 'yellow' }),
      text('。'),
    ]),
    block('h2', 'heading', { level: 2 }, [text('进展')]),
    block(
      'b1',
      'bulletListItem',
      {},
      [text('搜索：中文分词的召回率提高到 92%')],
      [block('b2', 'bulletListItem', {}, [text('同义词表已合入')])],
    ),
    block('b3', 'bulletListItem', {}, [text('编辑器：两千个块的页面秒开')]),
    block('n1', 'numberedListItem', {}, [text('整理需求')]),
    block('n2', 'numberedListItem', {}, [text('评审设计')]),
    block('n3', 'numberedListItem', {}, [text('上线发布')]),
    block('t1', 'checkListItem', { checked: true }, [text('写好周报')]),
    block('t2', 'checkListItem', {}, [text('约下周的评审会')]),
    block(
      'g1',
      'toggleListItem',
      {},
      [text('展开查看会议纪要')],
      [block('g2', 'paragraph', {}, [text('会议决定先做阅读体验。')])],
    ),
    block('h3', 'heading', { level: 3, textAlignment: 'center' }, [text('引用与提示')]),
    block('q1', 'quote', {}, [text('知识只有被分享，才会增长。')]),
    block('c1', 'callout', { tone: 'info' }, [text('页面会自动保存，也可以按 Ctrl+S 立即保存。')]),
    block('c2', 'callout', { tone: 'warning' }, [text('发布前请先请同事审阅。')]),
    block('k1', 'codeBlock', { language: 'javascript' }, [
      text('const greeting = "你好";\nfunction hello(name) {\n  return `${greeting}, ${name}`;\n}'),
    ]),
    block('d1', 'divider', {}, undefined),
    block(
      'tb',
      'table',
      {},
      {
        type: 'tableContent',
        columnWidths: [160, null, null],
        headerRows: 1,
        rows: [
          { cells: [[text('模块')], [text('负责人')], [text('状态')]] },
          { cells: [[text('搜索')], [text('张老师')], [text('完成')]] },
          {
            cells: [
              [text('编辑器')],
              [text('李工')],
              {
                type: 'tableCell',
                props: { backgroundColor: 'yellow' },
                content: [text('进行中')],
              },
            ],
          },
        ],
      },
    ),
    block(
      'i1',
      'image',
      { url: pictureUrl, name: '封面.png', caption: '封面图', previewWidth: 240 },
      undefined,
    ),
    block('f1', 'file', { url: 'https://example.com/plan.pdf', name: '项目计划.pdf' }, undefined),
    block('p2', 'paragraph', {}, []),
    block('p3', 'paragraph', { textAlignment: 'right', textColor: 'blue' }, [text('—— 产品组')]),
  ];
}

/** Opens the page; `stage` 'static' holds the editor's code back so the stand-in stays. */
async function openPage(page, url, stage) {
  if (stage === 'static') {
    await page.route(/\/assets\/PageEditor-[^/]+\.js$/, () => undefined); // never answered
  }
  await page.goto(url);
  const ready =
    stage === 'static'
      ? '.page-static .bn-block-outer[data-id="p3"]'
      : stage === 'reader'
        ? '.bn-editor[contenteditable="false"] .bn-block-outer[data-id="p3"]'
        : '.bn-editor[contenteditable="true"] .bn-block-outer[data-id="p3"]';
  await page.locator(ready).waitFor();
  await page.locator('.page-body img.bn-visual-media[src]').first().waitFor();
  await page.locator('.page-body .shiki').first().waitFor();
}

try {
  const ownerMobile = randomPhone();
  const readerMobile = randomPhone();
  let spaceId;
  let pageId;
  let ownerStorage;
  let readerStorage;
  {
    const { context, page } = await newPage();
    await logIn(page, readerMobile);
    readerStorage = await context.storageState();
    await context.close();
  }
  {
    const { context, page } = await newPage();
    await logIn(page, ownerMobile);
    const space = await call(page, 'POST', '/v2/space', { name: '产品手册' });
    spaceId = space.spaceId;
    const created = await call(page, 'POST', `/v2/space/${spaceId}/page`, {
      name: '块的种类',
      avatar: '📘',
    });
    pageId = created.pageId;
    const upload = await page.request.post(
      `${baseUrl}/api/v3/space/${spaceId}/file?pageId=${pageId}`,
      {
        headers: { Authorization: `Bearer ${await token(page)}` },
        multipart: {
          file: {
            name: '封面.png',
            mimeType: 'image/png',
            buffer: makePng({ width: 240, height: 120, rgb: [29, 111, 100] }),
          },
        },
      },
    );
    const stored = (await upload.json()).data;
    await call(page, 'PUT', `/v2/space/page/${pageId}/block`, {
      baseRevision: 0,
      changes: blocks(`/v3/space/file/${stored.fileId}`).map((data, index, all) => ({
        op: 'upsert',
        blockId: data.id,
        data,
        afterBlockId: index === 0 ? null : all[index - 1].id,
      })),
    });
    const group = await call(page, 'POST', `/v2/space/${spaceId}/memberGroup`, {
      name: '读者',
      role: 'reader',
    });
    await call(page, 'POST', `/v2/space/memberGroup/${group.memberGroupId}/member`, {
      memberType: 'user',
      account: readerMobile,
    });
    await call(page, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
    ownerStorage = await context.storageState();
    await context.close();
  }

  const url = `${baseUrl}/space/${spaceId}/page/${pageId}`;
  const looks = [
    { locale: 'zh_CN', theme: 'light', viewport: wide, name: 'desktop' },
    { locale: 'zh_CN', theme: 'dark', viewport: wide, name: 'desktop' },
    { locale: 'en_US', theme: 'light', viewport: wide, name: 'desktop' },
    { locale: 'en_US', theme: 'dark', viewport: wide, name: 'desktop' },
    { locale: 'zh_CN', theme: 'light', viewport: phone, name: 'mobile' },
    { locale: 'en_US', theme: 'dark', viewport: phone, name: 'mobile' },
  ];
  for (const look of looks) {
    for (const stage of ['static', 'editor']) {
      const { context, page } = await newPage({ ...look, storage: ownerStorage });
      await openPage(page, url, stage);
      await shoot(page, `page-blocks-${stage}-${look.name}-${look.theme}-${look.locale}`);
      await context.close();
    }
  }
  for (const look of [looks[0], looks[3], looks[4]]) {
    const { context, page } = await newPage({ ...look, storage: readerStorage });
    await openPage(page, url, 'reader');
    await shoot(page, `page-blocks-reader-${look.name}-${look.theme}-${look.locale}`);
    await context.close();
  }
} finally {
  await browser.close();
}
