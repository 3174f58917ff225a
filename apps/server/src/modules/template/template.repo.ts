// Drizzle queries for templates and their pending creations, and the live subtree a template is
// saved from. No rules here; template.service.ts decides.
import { and, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { pageBlocks, spaceNodes, templateCreations, templates } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';

export type TemplateRow = typeof templates.$inferSelect;
export type CreationRow = typeof templateCreations.$inferSelect;

export async function insertTemplate(db: Executor, values: typeof templates.$inferInsert) {
  const [row] = await db.insert(templates).values(values).returning();
  if (!row) throw new Error('template insert returned no row');
  return row;
}

export async function findTemplate(db: Executor, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
  return row;
}

/** Takes the template's row lock: `update` to delete it, `share` to start a creation from it. */
export async function lockTemplate(db: Executor, id: string, strength: 'update' | 'share') {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.id, id))
    .for(strength);
  return row !== undefined;
}

/** System templates, or one space's, newest change first (without their content). */
export function listTemplates(db: Executor, scope: 'system' | 'space', spaceId: string | null) {
  const { content: _content, ...columns } = getTableColumns(templates);
  return db
    .select(columns)
    .from(templates)
    .where(
      and(
        eq(templates.scope, scope),
        spaceId === null ? isNull(templates.spaceId) : eq(templates.spaceId, spaceId),
      ),
    )
    .orderBy(desc(templates.updatedAt), desc(templates.id));
}

export async function updateTemplate(
  db: Executor,
  id: string,
  changes: Partial<Pick<TemplateRow, 'name' | 'description' | 'cover'>> & {
    updatedBy: number;
    updatedAt: Date;
  },
) {
  const [row] = await db.update(templates).set(changes).where(eq(templates.id, id)).returning();
  return row;
}

export async function deleteTemplate(db: Executor, id: string) {
  await db.delete(templates).where(eq(templates.id, id));
}

export async function pendingCreationCount(db: Executor, templateId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(templateCreations)
    .where(
      and(eq(templateCreations.templateId, templateId), eq(templateCreations.state, 'pending')),
    );
  return row?.n ?? 0;
}

export async function insertCreation(db: Executor, values: typeof templateCreations.$inferInsert) {
  const [row] = await db.insert(templateCreations).values(values).returning();
  if (!row) throw new Error('creation insert returned no row');
  return row;
}

export async function findCreation(db: Executor, id: string): Promise<CreationRow | undefined> {
  const [row] = await db
    .select()
    .from(templateCreations)
    .where(eq(templateCreations.id, id))
    .limit(1);
  return row;
}

/** Ends a pending creation; false when it had ended already. */
export async function finishCreation(
  db: Executor,
  id: string,
  outcome: { state: 'done' | 'failed'; nodeId?: string; errorCode?: number },
) {
  const rows = await db
    .update(templateCreations)
    .set({
      state: outcome.state,
      nodeId: outcome.nodeId ?? null,
      errorCode: outcome.errorCode ?? null,
      finishedAt: new Date(),
    })
    .where(and(eq(templateCreations.id, id), eq(templateCreations.state, 'pending')))
    .returning({ id: templateCreations.id });
  return rows.length > 0;
}

export interface SubtreeRow {
  id: string;
  parentId: string | null;
  type: 'topic' | 'page' | 'link';
  name: string;
  avatar: string | null;
  url: string | null;
}

/** The live nodes of a space in sibling order (the subtree is picked out in memory). */
export function liveNodesOfSpace(db: Executor, spaceId: string): Promise<SubtreeRow[]> {
  return db
    .select({
      id: spaceNodes.id,
      parentId: spaceNodes.parentId,
      type: spaceNodes.type,
      name: spaceNodes.name,
      avatar: spaceNodes.avatar,
      url: spaceNodes.url,
    })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.spaceId, spaceId), isNull(spaceNodes.deletedAt)))
    .orderBy(byPosition(spaceNodes.position), spaceNodes.id);
}

/** The draft blocks of these pages, each page's in order. */
export async function draftBlocksOf(db: Executor, pageIds: string[]) {
  const byPage = new Map<string, unknown[]>();
  for (let start = 0; start < pageIds.length; start += 500) {
    const rows = await db
      .select({ pageId: pageBlocks.pageId, data: pageBlocks.data })
      .from(pageBlocks)
      .where(inArray(pageBlocks.pageId, pageIds.slice(start, start + 500)))
      .orderBy(pageBlocks.pageId, byPosition(pageBlocks.position));
    for (const row of rows) {
      const list = byPage.get(row.pageId) ?? [];
      list.push(row.data);
      byPage.set(row.pageId, list);
    }
  }
  return byPage;
}
