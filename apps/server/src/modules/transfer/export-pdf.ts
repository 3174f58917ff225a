// Export as PDF: the planned pages (export.service planExport: access, readers' published text)
// drawn by pdfkit with a Chinese font embedded (WenQuanYi Micro Hei, subset by pdfkit), each
// page starting on a new sheet under its title. Real text, selectable and searchable — not a
// screenshot. Streamed: pdfkit writes as it draws, pages are read one at a time.
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { ErrorCode, fileIdOfBlockUrl } from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { StorageDriver } from '../../infra/storage/storage-driver.js';
import { isRecord } from '../../lib/block-text.js';
import {
  fileIdsOf,
  pageBlocks,
  planExport,
  readableFiles,
  type ExportArchive,
  type ExportProgress,
  type ExportDeps,
  type ExportedFile,
} from './export.service.js';
import { readBytes } from './import-archive.js';

/** Debian's fonts-wqy-microhei (installed by .ci/run and the container image). */
export const pdfFontPath =
  process.env.PDF_FONT_PATH ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const fontFamily = 'text';
const monoFamily = 'code';

/** Images larger than this are named, not drawn. */
const imageBytesMax = 20 * 1024 * 1024;

type Doc = PDFKit.PDFDocument;

interface Run {
  text: string;
  link?: string;
  code?: boolean;
}

function runsOf(content: unknown, link?: string): Run[] {
  if (typeof content === 'string') return [{ text: content, ...(link ? { link } : {}) }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((item): Run[] => {
    if (typeof item === 'string') return [{ text: item }];
    if (!isRecord(item)) return [];
    if (item.type === 'link') {
      return runsOf(item.content, typeof item.href === 'string' ? item.href : undefined);
    }
    if (typeof item.text !== 'string') return [];
    const code = isRecord(item.styles) && item.styles.code === true;
    return [{ text: item.text, ...(link ? { link } : {}), ...(code ? { code } : {}) }];
  });
}

function writeRuns(doc: Doc, runs: Run[], options: PDFKit.Mixins.TextOptions = {}) {
  if (runs.length === 0) {
    doc.moveDown(0.5);
    return;
  }
  runs.forEach((run, index) => {
    doc.fillColor(run.link ? '#1a5fb4' : run.code ? '#a0410d' : '#000000');
    doc.font(run.code ? monoFamily : fontFamily);
    doc.text(run.text, {
      ...options,
      continued: index < runs.length - 1,
      link: run.link && /^https?:/i.test(run.link) ? run.link : null,
      underline: Boolean(run.link),
    });
  });
  doc.fillColor('#000000').font(fontFamily);
}

const headingSizes: Record<number, number> = { 1: 20, 2: 17, 3: 15, 4: 13, 5: 12, 6: 11 };

class PdfPages {
  constructor(
    private readonly doc: Doc,
    private readonly storage: StorageDriver,
    private readonly files: Map<string, ExportedFile>,
  ) {}

  async blocks(blocks: unknown[], indent = 0) {
    let number = 0;
    for (const block of blocks) {
      if (!isRecord(block) || typeof block.type !== 'string') continue;
      number = block.type === 'numberedListItem' ? number + 1 : 0;
      await this.block(block, indent, number);
      if (Array.isArray(block.children) && block.children.length > 0) {
        await this.blocks(block.children, indent + 18);
      }
    }
  }

  private async block(block: Record<string, unknown>, indent: number, number: number) {
    const doc = this.doc;
    const props = isRecord(block.props) ? block.props : {};
    const x = doc.page.margins.left + indent;
    const width = doc.page.width - doc.page.margins.right - x;
    const at = { width };
    doc.x = x;
    switch (block.type) {
      case 'heading': {
        const level = Number(props.level) || 1;
        doc.moveDown(0.4).fontSize(headingSizes[level] ?? 12);
        writeRuns(doc, runsOf(block.content), at);
        doc.fontSize(11).moveDown(0.2);
        return;
      }
      case 'bulletListItem':
      case 'toggleListItem':
      case 'numberedListItem':
      case 'checkListItem': {
        const mark =
          block.type === 'numberedListItem'
            ? `${number}.`
            : block.type === 'checkListItem'
              ? props.checked === true
                ? '☑'
                : '☐'
              : '•';
        const top = doc.y;
        doc.text(mark, x, top, { width: 16 });
        doc.y = top;
        doc.x = x + 16;
        writeRuns(doc, runsOf(block.content), { width: width - 16 });
        return;
      }
      case 'quote':
      case 'callout': {
        const top = doc.y;
        doc.x = x + 12;
        doc.fillColor('#555555');
        writeRuns(doc, runsOf(block.content), { width: width - 12 });
        doc
          .save()
          .moveTo(x + 3, top)
          .lineTo(x + 3, doc.y)
          .lineWidth(2)
          .stroke('#cccccc')
          .restore();
        doc.moveDown(0.3);
        return;
      }
      case 'codeBlock': {
        const text = runsOf(block.content)
          .map((run) => run.text)
          .join('');
        doc.font(monoFamily).fontSize(9.5).fillColor('#333333');
        doc.text(text, x + 8, doc.y, { width: width - 16 });
        doc.font(fontFamily).fontSize(11).fillColor('#000000').moveDown(0.4);
        return;
      }
      case 'divider': {
        doc.moveDown(0.3);
        doc
          .moveTo(x, doc.y)
          .lineTo(x + width, doc.y)
          .stroke('#cccccc');
        doc.moveDown(0.5);
        return;
      }
      case 'table':
        this.table(block.content, x, width);
        return;
      case 'image':
        await this.image(props, x, width);
        return;
      case 'file':
      case 'video':
      case 'audio': {
        const name = typeof props.name === 'string' && props.name ? props.name : 'file';
        writeRuns(doc, [{ text: `📎 ${name}` }], at);
        return;
      }
      default:
        writeRuns(doc, runsOf(block.content), at);
        doc.moveDown(0.3);
    }
  }

  private table(content: unknown, x: number, width: number) {
    const doc = this.doc;
    const rows = isRecord(content) && Array.isArray(content.rows) ? content.rows : [];
    const cells = rows.map((row) =>
      isRecord(row) && Array.isArray(row.cells)
        ? row.cells.map((cell) =>
            runsOf(isRecord(cell) && cell.type === 'tableCell' ? cell.content : cell)
              .map((run) => run.text)
              .join(''),
          )
        : [],
    );
    const columns = Math.max(1, ...cells.map((row) => row.length));
    const cellWidth = width / columns;
    doc.fontSize(10);
    cells.forEach((row, rowIndex) => {
      const height =
        Math.max(
          ...Array.from({ length: columns }, (_, index) =>
            doc.heightOfString(row[index] ?? '', { width: cellWidth - 8 }),
          ),
        ) + 8;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      for (let index = 0; index < columns; index += 1) {
        const left = x + index * cellWidth;
        if (rowIndex === 0) doc.rect(left, top, cellWidth, height).fill('#f2f2f2');
        doc.rect(left, top, cellWidth, height).stroke('#999999');
        doc.fillColor('#000000').text(row[index] ?? '', left + 4, top + 4, {
          width: cellWidth - 8,
        });
      }
      doc.x = x;
      doc.y = top + height;
    });
    doc.fontSize(11).moveDown(0.5);
  }

  private async image(props: Record<string, unknown>, x: number, width: number) {
    const doc = this.doc;
    const url = typeof props.url === 'string' ? props.url : '';
    const fileId = fileIdOfBlockUrl(url)?.toLowerCase();
    const file = fileId ? this.files.get(fileId) : undefined;
    const caption = typeof props.caption === 'string' ? props.caption : '';
    if (file && /^image\/(png|jpeg)$/.test(file.mimeType) && file.size <= imageBytesMax) {
      const bytes = await readBytes(await this.storage.read(file.key), imageBytesMax, file.name);
      // pdfkit's image mixin has openImage; its type declarations leave it out
      const image = (
        doc as unknown as { openImage(data: Buffer): { width: number; height: number } }
      ).openImage(bytes);
      const scale = Math.min(1, width / image.width, 400 / image.height);
      const height = image.height * scale;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      doc.image(image as unknown as Buffer, x, doc.y, { width: image.width * scale, height });
      doc.y += height + 4;
    } else {
      const name = file?.name ?? (typeof props.name === 'string' ? props.name : '') ?? url;
      writeRuns(doc, [{ text: `[${name || 'image'}]` }], { width });
    }
    doc.x = x;
    if (caption) {
      doc.fontSize(9).fillColor('#555555').text(caption, { width }).fontSize(11);
      doc.fillColor('#000000');
    }
    doc.moveDown(0.3);
  }
}

/** The export as one PDF, written while it streams. */
export async function exportPdf(
  deps: ExportDeps & { db: Database },
  userId: number | null,
  spaceId: string,
  nodeId: string | undefined,
  progress: ExportProgress = () => undefined,
): Promise<ExportArchive> {
  if (!fs.existsSync(pdfFontPath)) {
    throw new AppError(ErrorCode.notSupported, { detail: `no PDF font at ${pdfFontPath}` });
  }
  const plan = await planExport(deps, userId, spaceId, nodeId);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: { Title: plan.name, Creator: 'library' },
  });
  // the collection's two faces, by their PostScript names
  doc.registerFont(fontFamily, pdfFontPath, 'WenQuanYiMicroHei');
  doc.registerFont(monoFamily, pdfFontPath, 'WenQuanYiMicroHeiMono');
  const stream = new PassThrough();
  doc.pipe(stream);
  const write = async () => {
    if (plan.pages.length === 0) doc.addPage().font(fontFamily);
    for (const [index, page] of plan.pages.entries()) {
      const blocks = await pageBlocks(deps.db, plan.audience, page.id);
      const ids = new Set<string>();
      fileIdsOf(blocks, ids);
      const files = await readableFiles(deps.db, userId, ids);
      doc.addPage().font(fontFamily).fontSize(22).text(page.title).moveDown(0.6).fontSize(11);
      await new PdfPages(doc, deps.storage, files).blocks(blocks);
      progress(index + 1, plan.pages.length);
    }
    doc.end();
  };
  void write().catch((error: unknown) => {
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { name: `${plan.name}.pdf`, stream };
}
