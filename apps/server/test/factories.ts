// Each test builds its own users with these; nothing is shared between tests.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SpaceRole, UserStatus } from '@library/contract';
import { queryRows, type Database } from '../src/db/database.js';
import {
  fileBlobs,
  spaceFiles,
  spaceFileTexts,
  spaceMemberGroups,
  spaceNodes,
  transfers,
} from '../src/db/schema/index.js';
import type { Passage } from '../src/modules/ai/retrieval.js';
import { addUserMember } from '../src/modules/space/space.repo.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { grantRole } from '../src/modules/user/user.repo.js';
import { createUser } from '../src/modules/user/user.service.js';

export const testClient = {
  client: 'web',
  deviceId: 'test-device',
  deviceName: 'Vitest',
  version: '0.1',
};

/** A mobile number no other test uses (random, so parallel files on one database never clash). */
export function uniqueMobile() {
  return `1${3 + crypto.randomInt(0, 7)}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export function uniqueEmail() {
  return `user-${crypto.randomBytes(6).toString('hex')}@example.com`;
}

export async function buildUser(
  db: Database,
  fields: {
    password?: string;
    status?: UserStatus;
    mobile?: string;
    email?: string;
    roles?: string[];
  } = {},
) {
  const user = await createUser(db, {
    mobile: fields.mobile ?? uniqueMobile(),
    email: fields.email,
    password: fields.password,
    nickname: '测试用户',
    status: fields.status,
  });
  for (const role of fields.roles ?? []) await grantRole(db, user.id, role);
  return user;
}

/** Logs a user in directly (no HTTP) and returns the Authorization header. */
export async function authHeader(db: Database, userId: number) {
  const { token } = await issueToken(db, userId, testClient, null);
  return { authorization: `Bearer ${token}` };
}

/** A space owned by `ownerId`; others join with `addMember`. */
export async function buildSpace(db: Database, ownerId: number, name = '测试空间') {
  return createSpace(db, ownerId, { name });
}

/** Puts a user into the space's member group of `role`. */
export async function addMember(db: Database, spaceId: string, userId: number, role: SpaceRole) {
  const [group] = await db
    .select()
    .from(spaceMemberGroups)
    .where(and(eq(spaceMemberGroups.spaceId, spaceId), eq(spaceMemberGroups.role, role)))
    .limit(1);
  if (!group) throw new Error(`space ${spaceId} has no ${role} group`);
  await addUserMember(db, group.id, userId);
}

/** A page node inserted directly (no blocks), at the root unless a topic is given. */
export async function buildPage(
  db: Database,
  spaceId: string,
  createdBy: number,
  fields: { name?: string; parentId?: string; position?: string; avatar?: string } = {},
) {
  const [row] = await db
    .insert(spaceNodes)
    .values({
      spaceId,
      type: 'page',
      name: fields.name ?? '测试页面',
      parentId: fields.parentId ?? null,
      position: fields.position ?? 'a0',
      avatar: fields.avatar ?? null,
      createdBy,
    })
    .returning();
  if (!row) throw new Error('page insert returned no row');
  return row;
}

export type Caller = 'owner' | 'admin' | 'editor' | 'reader' | 'outsider';

/**
 * A space with one user in each role plus an outsider: their ids and Authorization headers,
 * for permission matrices.
 */
export async function buildSpaceWithRoles(db: Database) {
  const owner = await buildUser(db);
  const space = await buildSpace(db, owner.id);
  const member = async (role: SpaceRole) => {
    const user = await buildUser(db);
    await addMember(db, space.id, user.id, role);
    return user;
  };
  const people = {
    owner,
    admin: await member('admin'),
    editor: await member('editor'),
    reader: await member('reader'),
    outsider: await buildUser(db),
  };
  const ids: Record<Caller, number> = {
    owner: people.owner.id,
    admin: people.admin.id,
    editor: people.editor.id,
    reader: people.reader.id,
    outsider: people.outsider.id,
  };
  const as: Record<Caller, Record<string, string>> = {
    owner: await authHeader(db, ids.owner),
    admin: await authHeader(db, ids.admin),
    editor: await authHeader(db, ids.editor),
    reader: await authHeader(db, ids.reader),
    outsider: await authHeader(db, ids.outsider),
  };
  return { owner, space, ids, as };
}

/** A BlockNote paragraph block holding `text`. */
export function paragraphBlock(id: string, text: string) {
  return {
    id,
    type: 'paragraph',
    props: {},
    content: [{ type: 'text', text, styles: {} }],
    children: [],
  };
}

/** An import into the space that is still running (the files it stored are not yet shown). */
export async function buildRunningImport(db: Database, userId: number, spaceId: string) {
  const [row] = await db
    .insert(transfers)
    .values({ userId, spaceId, kind: 'import', format: 'zip', status: 'running' })
    .returning();
  if (!row) throw new Error('transfer insert returned no row');
  return row;
}

/**
 * A stored PDF file of a space (its blob row too; no bytes in storage), uploaded by `uploadedBy`
 * into `pageId` when given, with its text extracted already when `text` is given.
 */
export async function buildStoredFile(
  db: Database,
  fields: { spaceId: string; uploadedBy: number; name: string; pageId?: string; text?: string },
) {
  const [blob] = await db
    .insert(fileBlobs)
    .values({
      spaceId: fields.spaceId,
      sha256: crypto.randomUUID().replaceAll('-', ''),
      size: 10,
      storageKey: `test/${crypto.randomUUID()}`,
    })
    .returning();
  const [file] = await db
    .insert(spaceFiles)
    .values({
      spaceId: fields.spaceId,
      pageId: fields.pageId ?? null,
      blobId: blob!.id,
      name: fields.name,
      size: 10,
      mimeType: 'application/pdf',
      kind: 'pdf',
      textStatus: 'done',
      uploadedBy: fields.uploadedBy,
    })
    .returning();
  if (fields.text !== undefined) {
    await db.insert(spaceFileTexts).values({ fileId: file!.id, text: fields.text });
  }
  return file!;
}

/** Terms of a space whose ai_terms.df differs from the count of their postings (none expected). */
export function termDrift(db: Database, spaceId: string) {
  return queryRows<{ term: string }>(
    db,
    sql`select coalesce(a.term, p.term) as term
      from (select * from ai_terms where space_id = ${spaceId}) a
      full join (select term, count(*)::int as df from ai_postings
        where space_id = ${spaceId} group by term) p on p.term = a.term
      where a.df is distinct from p.df`,
  );
}

/** A retrieved page passage of one block, as the AI's citation code receives it. */
export function buildPassage(text: string, title = '长城'): Passage {
  return {
    chunkId: 1,
    sourceType: 'page',
    pageId: 'p',
    fileId: null,
    blockIds: ['b'],
    blockStarts: [0],
    title,
    headingPath: '',
    text,
    score: 1,
  };
}

/** Block saves that put these blocks on an empty page in this order (`PUT …/block` changes). */
export function upsertChanges(blocks: ReadonlyArray<{ id: string }>) {
  return blocks.map((data, index) => ({
    op: 'upsert' as const,
    blockId: data.id,
    afterBlockId: index === 0 ? null : blocks[index - 1]!.id,
    data,
  }));
}
