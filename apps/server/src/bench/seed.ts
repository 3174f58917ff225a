// Data for the benchmarks, written straight into the tables: a space's tree of topics, pages and
// links, and a page of many blocks.
import type { Block } from '@library/contract';
import type { Database } from '../db/database.js';
import { pageBlocks, spaceNodes } from '../db/schema/index.js';
import { positionsBetween } from '../lib/position.js';

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
