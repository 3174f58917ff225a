// The space matrix: for each role (and no role) what it may do in a space, what it shares and
// which member groups it manages; then the visibility rule's two shapes — the predicates on a
// loaded row and the SQL conditions that list — answering alike, cell by cell, on a real
// database: every kind of node and file for each audience.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceAccessRole, SpaceRole } from '@library/contract';
import { spaceFiles, spaceNodes } from '../../db/schema/index.js';
import {
  buildRunningImport,
  buildSpace,
  buildStoredFile,
  buildUser,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  can,
  highestRole,
  mayManageGroup,
  mayShare,
  shareSwitchDecides,
  spaceAbilities,
  type SpaceAction,
} from './space.policy.js';
import {
  audienceOf,
  hiddenFromVisitors,
  nodeShown,
  pageShown,
  shownFilesSql,
  shownNodesSql,
  shownPagesSql,
  type Audience,
} from './visibility.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Held = SpaceAccessRole | null;
const name = (role: Held) => role ?? 'none';

// prettier-ignore
const actions: [Held, Record<SpaceAction, boolean>][] = [
  //            read   participate edit   manage  delete
  ['owner',   { read: true,  participate: true,  edit: true,  manage: true,  delete: true  }],
  ['admin',   { read: true,  participate: true,  edit: true,  manage: true,  delete: false }],
  ['editor',  { read: true,  participate: true,  edit: true,  manage: false, delete: false }],
  ['reader',  { read: true,  participate: true,  edit: false, manage: false, delete: false }],
  ['visitor', { read: true,  participate: false, edit: false, manage: false, delete: false }],
  [null,      { read: false, participate: false, edit: false, manage: false, delete: false }],
];

describe('what a role may do in a space', () => {
  it.each(actions)('%s', (role, allowed) => {
    for (const [action, expected] of Object.entries(allowed)) {
      expect(can(role, action as SpaceAction), `${name(role)} ${action}`).toBe(expected);
    }
  });

  it('takes the highest of the roles a user holds through several groups', () => {
    expect(highestRole(['reader', 'admin', 'editor'])).toBe('admin');
    expect(highestRole(['visitor', 'reader'])).toBe('reader');
    expect(highestRole(['owner', 'reader'])).toBe('owner');
    expect(highestRole([])).toBeNull();
  });

  it.each([
    ['owner', 'editors'],
    ['admin', 'editors'],
    ['editor', 'editors'],
    ['reader', 'readers'],
    ['visitor', 'visitors'],
  ] as const)('shows content to a %s as to %s', (role, audience) => {
    expect(audienceOf(role)).toBe(audience);
  });
});

// prettier-ignore
const sharing: [Held, boolean, boolean, boolean][] = [
  // role      switch  shares  the switch decides
  ['owner',   true,  true,  false],
  ['owner',   false, true,  false],
  ['admin',   true,  true,  false],
  ['admin',   false, true,  false],
  ['editor',  true,  true,  true ],
  ['editor',  false, false, true ],
  ['reader',  true,  false, false],
  ['reader',  false, false, false],
  ['visitor', true,  false, false],
  [null,      true,  false, false],
];

describe('who shares, and the abilities sent with a space', () => {
  it.each(sharing)('%s, editors may share %s: shares %s (switch decides %s)', (...cell) => {
    const [role, editorsMayShare, shares, switchDecides] = cell;
    expect(mayShare(role, editorsMayShare)).toBe(shares);
    expect(shareSwitchDecides(role)).toBe(switchDecides);
    const allowed = actions.find(([held]) => held === role)![1];
    expect(spaceAbilities(role, editorsMayShare)).toEqual({
      canRead: allowed.read,
      canEdit: allowed.edit,
      canManage: allowed.manage,
      canDelete: allowed.delete,
      canShare: shares,
    });
  });
});

const groupRoles: SpaceRole[] = ['owner', 'admin', 'editor', 'reader'];
// prettier-ignore
const groups: [Held, boolean[]][] = [
  // role       the group's role: owner admin editor reader
  ['owner',   [true,  true,  true,  true ]],
  // an admin never makes or unmakes an owner
  ['admin',   [false, true,  true,  true ]],
  ['editor',  [false, false, false, false]],
  ['reader',  [false, false, false, false]],
  ['visitor', [false, false, false, false]],
  [null,      [false, false, false, false]],
];

describe('who manages a member group', () => {
  it.each(groups)('%s', (role, allowed) => {
    groupRoles.forEach((groupRole, index) => {
      expect(mayManageGroup(role, { role: groupRole }), `${name(role)}, ${groupRole} group`).toBe(
        allowed[index],
      );
    });
  });
});

describe('the visibility rule on rows and in SQL', () => {
  const audiences: Audience[] = ['editors', 'readers', 'visitors'];

  /**
   * A space holding every kind of node and file the rule tells apart: under an open topic a
   * draft and a published page; under a topic closed to visitors a published page, a link and a
   * sub-topic with a published page; a link at the root; a deleted published page; files in the
   * library, in each page, in the deleted page, stored by a running import, and deleted.
   */
  async function buildContent() {
    const owner = await buildUser(t.db);
    const space = await buildSpace(t.db, owner.id);
    let position = 0;
    const node = async (
      fields: Partial<typeof spaceNodes.$inferInsert> &
        Pick<typeof spaceNodes.$inferInsert, 'type'>,
    ) => {
      const [row] = await t.db
        .insert(spaceNodes)
        .values({
          spaceId: space.id,
          name: `节点${position}`,
          position: `a${position++}`,
          createdBy: owner.id,
          ...(fields.type === 'link' ? { url: 'https://example.com/' } : {}),
          ...fields,
        })
        .returning();
      return row!;
    };
    const open = await node({ type: 'topic' });
    const closed = await node({ type: 'topic', visitorsClosed: true });
    const closedSub = await node({ type: 'topic', parentId: closed.id });
    const pages = {
      draft: await node({ type: 'page', parentId: open.id }),
      published: await node({ type: 'page', parentId: open.id, publishedVersion: 1 }),
      closedPublished: await node({ type: 'page', parentId: closed.id, publishedVersion: 1 }),
      deepPublished: await node({ type: 'page', parentId: closedSub.id, publishedVersion: 1 }),
      deleted: await node({ type: 'page', publishedVersion: 1, deletedAt: new Date() }),
    };
    const links = [await node({ type: 'link' }), await node({ type: 'link', parentId: closed.id })];
    const file = (pageId?: string) =>
      buildStoredFile(t.db, { spaceId: space.id, uploadedBy: owner.id, name: 'f.pdf', pageId });
    const files = [
      await file(),
      ...(await Promise.all(Object.values(pages).map((page) => file(page.id)))),
    ];
    const running = await buildRunningImport(t.db, owner.id, space.id);
    const imported = await file();
    await t.db
      .update(spaceFiles)
      .set({ importId: running.id })
      .where(eq(spaceFiles.id, imported.id));
    const deleted = await file();
    await t.db
      .update(spaceFiles)
      .set({ deletedAt: new Date() })
      .where(eq(spaceFiles.id, deleted.id));
    const nodes = [open, closed, closedSub, ...Object.values(pages), ...links];
    const allFiles = [
      ...files,
      { ...imported, importId: running.id },
      { ...deleted, deletedAt: new Date() },
    ];
    return { space, nodes, files: allFiles };
  }

  it('nodes, pages and files: the SQL lists exactly what the predicates show', async () => {
    const { space, nodes, files } = await buildContent();
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const row = (node: (typeof nodes)[number]) => ({
      type: node.type,
      published: node.publishedVersion !== null,
      visitorsClosed: node.visitorsClosed,
    });
    /** The node and every topic above it shown, as `buildTree` keeps a node. */
    const shownWithTopics = (audience: Audience, id: string): boolean => {
      const node = byId.get(id)!;
      return (
        node.deletedAt === null &&
        nodeShown(audience, row(node)) &&
        (node.parentId === null || shownWithTopics(audience, node.parentId))
      );
    };
    // deleting a page takes its files with it; an import's files are the editors' only
    const fileRule = (audience: Audience, file: (typeof files)[number]) =>
      file.deletedAt === null &&
      (audience === 'editors' || file.importId === null) &&
      (file.pageId === null || shownWithTopics(audience, file.pageId));
    const sorted = (ids: string[]) => [...ids].sort();

    for (const audience of audiences) {
      const listedNodes = await t.db
        .select({ id: spaceNodes.id })
        .from(spaceNodes)
        .where(
          and(
            eq(spaceNodes.spaceId, space.id),
            isNull(spaceNodes.deletedAt),
            shownNodesSql(audience),
          ),
        );
      expect(sorted(listedNodes.map((r) => r.id)), `${audience}: nodes`).toEqual(
        sorted(nodes.filter((node) => shownWithTopics(audience, node.id)).map((node) => node.id)),
      );

      const listedPages = await t.db
        .select({ id: spaceNodes.id })
        .from(spaceNodes)
        .where(
          and(
            eq(spaceNodes.spaceId, space.id),
            eq(spaceNodes.type, 'page'),
            isNull(spaceNodes.deletedAt),
            shownPagesSql(audience),
          ),
        );
      const pageRule = nodes.filter(
        (node) =>
          node.type === 'page' && pageShown(audience, node) && shownWithTopics(audience, node.id),
      );
      expect(sorted(listedPages.map((r) => r.id)), `${audience}: pages`).toEqual(
        sorted(pageRule.map((node) => node.id)),
      );

      const listedFiles = await t.db
        .select({ id: spaceFiles.id })
        .from(spaceFiles)
        .where(and(eq(spaceFiles.spaceId, space.id), shownFilesSql(audience)));
      expect(sorted(listedFiles.map((r) => r.id)), `${audience}: files`).toEqual(
        sorted(files.filter((file) => fileRule(audience, file)).map((file) => file.id)),
      );
    }
  });

  it('hiddenFromVisitors answers as the walk up through the topics, for every node', async () => {
    const { nodes } = await buildContent();
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const underClosed = (id: string | null): boolean => {
      const node = id === null ? undefined : byId.get(id);
      return node !== undefined && (node.visitorsClosed || underClosed(node.parentId));
    };
    for (const node of nodes.filter((n) => n.deletedAt === null)) {
      expect(await hiddenFromVisitors(t.db, node.id), node.name).toBe(underClosed(node.id));
    }
  });
});
