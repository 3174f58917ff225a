// Data for the benchmarks, written straight into the tables: a space's tree of topics, pages and
// links, and a page of many blocks.
import type { Block } from '@library/contract';
import type { Database } from '../src/db/database.js';
import { pageBlocks, spaceNodes } from '../src/db/schema/index.js';
import { positionsBetween } from '../src/lib/position.js';

const depth = 5;

type NewNode = typeof spaceNodes.$inferInsert;

/** A space's rows: topics 5 deep (5 at the root, 3 under each; fewer when `nodeCount` is small),
 *  then pages and links spread over the topics until there are `nodeCount`; ids are fixed here
 *  so parents are known. */
export function generateTree(spaceId: string, userId: number, nodeCount: number): NewNode[] {
  const rows: NewNode[] = [];
  const topics: string[] = [];
  const children = new Map<string | null, NewNode[]>();
  const add = (parentId: string | null, type: NewNode['type'], name: string) => {
    const row: NewNode = {
      id: crypto.randomUUID(),
      spaceId,
      parentId,
      type,
      name,
      position: '',
      url: type === 'link' ? `https://example.com/资料/${rows.length}` : null,
      avatar: type === 'page' && rows.length % 3 === 0 ? '📄' : null,
      createdBy: userId,
    };
    rows.push(row);
    children.set(parentId, [...(children.get(parentId) ?? []), row]);
    if (type === 'topic') topics.push(row.id!);
    return row;
  };
  const topicLevel = (parentId: string | null, level: number) => {
    for (let i = 0; i < (level === 1 ? 5 : 3); i++) {
      if (rows.length >= nodeCount) return;
      const topic = add(parentId, 'topic', `第${level}层主题 ${i + 1}`);
      if (level < depth) topicLevel(topic.id!, level + 1);
    }
  };
  topicLevel(null, 1);
  for (let i = 0; rows.length < nodeCount; i++) {
    const parentId = i % 50 === 0 ? null : topics[i % topics.length]!;
    if (i % 5 === 4) add(parentId, 'link', `参考链接 ${i}`);
    else add(parentId, 'page', `知识库页面标题 ${i}`);
  }
  for (const siblings of children.values()) {
    const keys = positionsBetween(null, null, siblings.length);
    siblings.forEach((row, index) => (row.position = keys[index]!));
  }
  return rows;
}

export async function insertNodes(db: Database, rows: NewNode[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(spaceNodes).values(rows.slice(i, i + 1000));
}

/** `count` top-level blocks of Chinese text: a heading every 20 blocks, lists and paragraphs
 *  between; answers the block ids in order. */
export async function insertPageBlocks(db: Database, pageId: string, count: number) {
  const positions = positionsBetween(null, null, count);
  const rows = positions.map((position, i) => {
    const text = `第 ${i + 1} 段：公共图书馆让团队把知识写成页面，按主题整理，随时检索与问答。`;
    const type = i % 20 === 0 ? 'heading' : i % 7 === 3 ? 'bulletListItem' : 'paragraph';
    const data = {
      id: `block-${i + 1}`,
      type,
      props: type === 'heading' ? { level: 2 } : {},
      content: [{ type: 'text', text, styles: {} }],
      children: [],
    } as unknown as Block;
    return { pageId, blockId: `block-${i + 1}`, position, data };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(pageBlocks).values(rows.slice(i, i + 500));
  return rows.map((row) => row.blockId);
}

/** A minimal valid PDF of `pages` letter-size pages, each with a title, its number and a red bar
 *  (the same shape as the e2e fixture's, without importing from e2e). */
export function makePdf(title: string, pages: number): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageIds.forEach((id, index) => {
    const text = `BT /F1 28 Tf 72 700 Td (${title}) Tj 0 -48 Td (Page ${index + 1}) Tj ET\n0.85 0.2 0.24 rg 72 560 240 40 re f`;
    objects[id] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) {
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
