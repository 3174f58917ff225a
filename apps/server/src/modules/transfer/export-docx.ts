// Export as Word (.docx, the `docx` package): the planned pages (export.service planExport) as
// one document, each page under its title (Heading 1, its own headings one level down), lists,
// tables, code, links and PNG/JPEG images. A .docx is one zip of XML parts that `docx` builds
// as a document model, so it is put together in memory before it is sent (the PDF and the
// Markdown .zip stream); docs/decisions/transfer.md says so.
import { Readable } from 'node:stream';
import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { fileIdOfBlockUrl } from '@library/contract';
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

const imageBytesMax = 20 * 1024 * 1024;
const font = { ascii: 'Calibri', eastAsia: 'Microsoft YaHei', hAnsi: 'Calibri' };

const headings = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

function runs(content: unknown): ParagraphChild[] {
  if (typeof content === 'string') return [new TextRun({ text: content, font })];
  if (!Array.isArray(content)) return [];
  return content.flatMap((item): ParagraphChild[] => {
    if (typeof item === 'string') return [new TextRun({ text: item, font })];
    if (!isRecord(item)) return [];
    if (item.type === 'link' && typeof item.href === 'string') {
      const children = runs(item.content).filter((run) => run instanceof TextRun);
      return /^https?:/i.test(item.href)
        ? [new ExternalHyperlink({ link: item.href, children })]
        : children;
    }
    if (typeof item.text !== 'string') return [];
    const styles = isRecord(item.styles) ? item.styles : {};
    return [
      new TextRun({
        text: item.text,
        font: styles.code === true ? { ascii: 'Consolas', eastAsia: font.eastAsia } : font,
        bold: styles.bold === true,
        italics: styles.italic === true,
        strike: styles.strike === true,
        underline: styles.underline === true ? {} : undefined,
      }),
    ];
  });
}

/** Width and height of a PNG or JPEG, from its header. */
export function imageSize(
  bytes: Buffer,
): { width: number; height: number; type: 'png' | 'jpg' } | null {
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), type: 'png' };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
      const marker = bytes[offset + 1] ?? 0;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return {
          height: bytes.readUInt16BE(offset + 5),
          width: bytes.readUInt16BE(offset + 7),
          type: 'jpg',
        };
      }
      offset += 2 + length;
    }
  }
  return null;
}

class DocxPage {
  readonly out: Array<Paragraph | Table> = [];

  constructor(
    private readonly storage: StorageDriver,
    private readonly files: Map<string, ExportedFile>,
  ) {}

  async blocks(blocks: unknown[], level = 0) {
    for (const block of blocks) {
      if (!isRecord(block) || typeof block.type !== 'string') continue;
      await this.block(block, level);
      if (Array.isArray(block.children)) await this.blocks(block.children, level + 1);
    }
  }

  private async block(block: Record<string, unknown>, level: number) {
    const props = isRecord(block.props) ? block.props : {};
    const children = runs(block.content);
    switch (block.type) {
      case 'heading': {
        const depth = Math.min(Math.max(Number(props.level) || 1, 1), 5);
        this.out.push(new Paragraph({ heading: headings[depth], children }));
        return;
      }
      case 'bulletListItem':
      case 'toggleListItem':
        this.out.push(new Paragraph({ bullet: { level: Math.min(level, 8) }, children }));
        return;
      case 'numberedListItem':
        this.out.push(
          new Paragraph({
            numbering: { reference: 'numbers', level: Math.min(level, 8) },
            children,
          }),
        );
        return;
      case 'checkListItem':
        this.out.push(
          new Paragraph({
            children: [
              new TextRun({ text: props.checked === true ? '☑ ' : '☐ ', font }),
              ...children,
            ],
          }),
        );
        return;
      case 'quote':
      case 'callout':
        this.out.push(new Paragraph({ style: 'IntenseQuote', children }));
        return;
      case 'codeBlock': {
        const text = Array.isArray(block.content)
          ? block.content.map((item) => (isRecord(item) ? String(item.text ?? '') : '')).join('')
          : '';
        for (const line of text.split('\n')) {
          this.out.push(
            new Paragraph({
              children: [
                new TextRun({ text: line, font: { ascii: 'Consolas', eastAsia: font.eastAsia } }),
              ],
            }),
          );
        }
        return;
      }
      case 'divider':
        this.out.push(new Paragraph({ thematicBreak: true, children: [] }));
        return;
      case 'table':
        this.table(block.content);
        return;
      case 'image':
        await this.image(props);
        return;
      case 'file':
      case 'video':
      case 'audio':
        this.out.push(
          new Paragraph({
            children: [new TextRun({ text: `📎 ${String(props.name ?? '')}`, font })],
          }),
        );
        return;
      default:
        this.out.push(new Paragraph({ children }));
    }
  }

  private table(content: unknown) {
    const rows = isRecord(content) && Array.isArray(content.rows) ? content.rows : [];
    const cells = rows.map((row) => (isRecord(row) && Array.isArray(row.cells) ? row.cells : []));
    const columns = Math.max(1, ...cells.map((row) => row.length));
    this.out.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: cells.map(
          (row, rowIndex) =>
            new TableRow({
              tableHeader: rowIndex === 0,
              children: Array.from(
                { length: columns },
                (_, index) =>
                  new TableCell({
                    children: [
                      new Paragraph({
                        children: runs(
                          isRecord(row[index]) && row[index].type === 'tableCell'
                            ? row[index].content
                            : row[index],
                        ),
                      }),
                    ],
                  }),
              ),
            }),
        ),
      }),
    );
  }

  private async image(props: Record<string, unknown>) {
    const url = typeof props.url === 'string' ? props.url : '';
    const fileId = fileIdOfBlockUrl(url)?.toLowerCase();
    const file = fileId ? this.files.get(fileId) : undefined;
    if (file && file.size <= imageBytesMax) {
      const bytes = await readBytes(await this.storage.read(file.key), imageBytesMax, file.name);
      const size = imageSize(bytes);
      if (size) {
        const scale = Math.min(1, 600 / size.width);
        this.out.push(
          new Paragraph({
            children: [
              new ImageRun({
                type: size.type,
                data: bytes,
                transformation: { width: size.width * scale, height: size.height * scale },
              }),
            ],
          }),
        );
        return;
      }
    }
    this.out.push(
      new Paragraph({
        children: [new TextRun({ text: `[${String(props.name || file?.name || 'image')}]`, font })],
      }),
    );
  }
}

/** The export as one Word document. */
export async function exportDocx(
  deps: ExportDeps,
  userId: number | null,
  spaceId: string,
  nodeId: string | undefined,
  progress: ExportProgress = () => undefined,
): Promise<ExportArchive> {
  const plan = await planExport(deps, userId, spaceId, nodeId);
  const children: Array<Paragraph | Table> = [];
  for (const [index, page] of plan.pages.entries()) {
    const blocks = await pageBlocks(deps.db, plan.audience, page.id);
    const ids = new Set<string>();
    fileIdsOf(blocks, ids);
    const writer = new DocxPage(deps.storage, await readableFiles(deps.db, userId, ids));
    await writer.blocks(blocks);
    children.push(
      new Paragraph({
        heading: HeadingLevel.TITLE,
        pageBreakBefore: children.length > 0,
        children: [new TextRun({ text: page.title, font })],
      }),
      ...writer.out,
    );
    progress(index + 1, plan.pages.length);
  }
  const document = new Document({
    title: plan.name,
    creator: 'library',
    numbering: {
      config: [
        {
          reference: 'numbers',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: 'decimal' as const,
            text: `%${level + 1}.`,
            style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 260 } } },
          })),
        },
      ],
    },
    sections: [{ children }],
  });
  const buffer = await Packer.toBuffer(document);
  return { name: `${plan.name}.docx`, stream: Readable.from([buffer]) };
}
