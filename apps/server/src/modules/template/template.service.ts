// Templates: saving a page or a topic subtree as a system template (holders of
// `templates:write`) or a space template (the space's admins), listing, editing and deleting them,
// and 'new from template'. A page is made at once; a topic subtree is a pending creation made by
// the `template.create` job, and a template with a pending creation cannot be deleted (700012).
// Making content goes through tree.service's createTopic / createPage / createLink, so the access
// checks and feature switches are those of creating a node by hand.
import {
  ErrorCode,
  isEmptyDraft,
  type FillPageRequest,
  type Locale,
  type PageRevision,
  type SpaceAccessRole,
  type SaveTemplateRequest,
  type StarterTemplateKey,
  type TemplateCreation,
  type TemplateDetail,
  type TemplateList,
  type TemplateListQuery,
  type TemplateNode,
  type UpdateTemplateRequest,
  type UseTemplateRequest,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob, type JobHandler } from '../../infra/jobs/job-queue.js';
import { resourcesOf } from '../admin/index.js';
import { currentDraft, replaceDraft } from '../page/index.js';
import { bumpDraftRevision } from '../page/index.js';
import { accessNode, accessSpace } from '../space/index.js';
import type { NodeRow } from '../space/index.js';
import {
  contentTypes,
  insertContent,
  liveTopicIn,
  requireCreation,
  type NewContent,
} from '../tree/index.js';
import { freshBlocks, pageCountOf, snapshotOf } from './template-content.js';
import {
  presentCreation,
  presentStarter,
  presentStarterDetail,
  presentTemplate,
  presentTemplateDetail,
} from './template.presenter.js';
import {
  canTemplate,
  ownsCreation,
  templateServesSpace,
  type TemplateAction,
  type TemplateScope,
} from './template.policy.js';
import * as repo from './template.repo.js';
import { starter, starters } from './starters.js';

const notFound = () => new AppError(ErrorCode.dataMissing);

// --- who may do what (template.policy.ts) ------------------------------------------------------

/**
 * Refuses unless the caller may `action` the template: a space template of a space the caller
 * cannot see, or may not use or manage, looks missing; a system template they may not manage is
 * 403 + 700007. `role`: the caller's role in the template's space when already read.
 */
async function requireTemplate(
  db: Executor,
  userId: number,
  action: TemplateAction,
  template: { scope: TemplateScope; spaceId: string | null },
  role?: SpaceAccessRole,
) {
  if (template.scope === 'space') {
    const caller = {
      role: role ?? (await accessSpace(db, userId, template.spaceId!, 'read')).role,
      resources: [],
    };
    if (!canTemplate(caller, action, template)) throw notFound();
    return;
  }
  // the resources decide managing only: reading them for using would cost a query for nothing
  const resources = action === 'manage' ? await resourcesOf(db, userId) : [];
  if (!canTemplate({ role: null, resources }, action, template)) {
    throw new AppError(ErrorCode.permissionCheckFailed);
  }
}

/** A template the caller may `action`; a missing one is 404. */
async function templateFor(db: Executor, userId: number, id: string, action: TemplateAction) {
  const template = await repo.findTemplate(db, id);
  if (!template) throw notFound();
  await requireTemplate(db, userId, action, template);
  return template;
}

// --- lists and details -------------------------------------------------------------------------

export async function listTemplates(
  db: Database,
  userId: number,
  query: TemplateListQuery,
): Promise<TemplateList> {
  if (query.scope === 'space') {
    await requireTemplate(db, userId, 'use', { scope: 'space', spaceId: query.spaceId! });
  }
  const rows = await repo.listTemplates(
    db,
    query.scope,
    query.scope === 'space' ? query.spaceId! : null,
  );
  return { list: rows.map(presentTemplate) };
}

export async function templateDetail(
  db: Database,
  userId: number,
  id: string,
): Promise<TemplateDetail> {
  return presentTemplateDetail(await templateFor(db, userId, id, 'use'));
}

export function starterList(locale: Locale): TemplateList {
  return { list: starters(locale).map(presentStarter) };
}

export function starterDetail(locale: Locale, key: StarterTemplateKey): TemplateDetail {
  return presentStarterDetail(starter(locale, key));
}

// --- saving, editing, deleting -----------------------------------------------------------------

/** Saves the page or topic (with its live subtree) as a template; the saver must edit it. */
export async function saveTemplate(
  db: Database,
  userId: number,
  input: SaveTemplateRequest,
): Promise<TemplateDetail> {
  const { node, role } = await accessNode(db, userId, input.nodeId, 'edit');
  if (node.type === 'link') {
    throw new AppError(ErrorCode.paramError, { detail: 'nodeId: a page or a topic' });
  }
  await requireTemplate(db, userId, 'manage', { scope: input.scope, spaceId: node.spaceId }, role);
  const root = await snapshotOf(db, node);
  const now = new Date();
  const row = await repo.insertTemplate(db, {
    scope: input.scope,
    spaceId: input.scope === 'space' ? node.spaceId : null,
    kind: node.type,
    name: input.name,
    description: input.description ?? '',
    cover: input.cover || (node.type === 'page' ? node.avatar : null),
    content: root,
    pageCount: pageCountOf(root),
    createdBy: userId,
    updatedBy: userId,
    createdAt: now,
    updatedAt: now,
  });
  return presentTemplateDetail(row);
}

export async function updateTemplate(
  db: Database,
  userId: number,
  id: string,
  changes: UpdateTemplateRequest,
): Promise<TemplateDetail> {
  await templateFor(db, userId, id, 'manage');
  const row = await repo.updateTemplate(db, id, {
    ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
    ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
    ...(changes.cover !== undefined ? { cover: changes.cover?.trim() || null } : {}),
    updatedBy: userId,
    updatedAt: new Date(),
  });
  if (!row) throw notFound();
  return presentTemplateDetail(row);
}

/**
 * Deletes a template unless a creation from it is pending (700012). The template's row lock
 * orders this against a creation starting (which holds it shared while it records itself).
 */
export async function deleteTemplate(db: Database, userId: number, id: string): Promise<void> {
  await templateFor(db, userId, id, 'manage');
  await db.transaction(async (tx) => {
    if (!(await repo.lockTemplate(tx, id, 'update'))) throw notFound();
    if ((await repo.pendingCreationCount(tx, id)) > 0) {
      throw new AppError(ErrorCode.templateInUse);
    }
    await repo.deleteTemplate(tx, id);
  });
}

// --- new from template -------------------------------------------------------------------------

/** The template node as new content: fresh block ids, so pages from one template share none. */
function contentOf(node: TemplateNode, name = node.name): NewContent {
  if (node.type === 'link') return { type: 'link', name, url: node.url };
  if (node.type === 'page') {
    return { type: 'page', name, avatar: node.avatar, blocks: freshBlocks(node.blocks) };
  }
  return { type: 'topic', name, children: node.children.map((child) => contentOf(child)) };
}

/** Makes the template node under `parentId` through the tree's one way of creating content. */
async function makeNode(
  db: Executor,
  userId: number,
  spaceId: string,
  parentId: string | null,
  node: TemplateNode,
  name = node.name,
): Promise<NodeRow> {
  const [root] = await insertContent(db, userId, spaceId, parentId, [contentOf(node, name)]);
  return root!;
}

/** A page from a page template, at once and whole (one transaction). */
async function makePage(
  db: Database,
  userId: number,
  node: TemplateNode,
  input: UseTemplateRequest,
): Promise<TemplateCreation> {
  const page = await makeNode(
    db,
    userId,
    input.spaceId,
    input.parentId ?? null,
    node,
    input.name ?? node.name,
  );
  return presentCreation({
    id: null,
    state: 'done',
    spaceId: input.spaceId,
    kind: 'page',
    nodeId: page.id,
    errorCode: null,
  });
}

export async function useStarter(
  db: Database,
  userId: number,
  locale: Locale,
  key: StarterTemplateKey,
  input: UseTemplateRequest,
): Promise<TemplateCreation> {
  const { name, cover, blocks } = starter(locale, key);
  return makePage(db, userId, { type: 'page', name, avatar: cover, blocks }, input);
}

/**
 * 'New from template': a page at once; a topic subtree as a pending creation (its job makes it
 * in one transaction). A space template is used in its own space only.
 */
export async function useTemplate(
  db: Database,
  userId: number,
  id: string,
  input: UseTemplateRequest,
): Promise<TemplateCreation> {
  const template = await templateFor(db, userId, id, 'use');
  if (!templateServesSpace(template, input.spaceId)) throw notFound();
  const root = template.content as TemplateNode;
  if (root.type !== 'topic') return makePage(db, userId, root, input);
  // refuse at once what the job would refuse: access, switches, the parent topic
  const parentId = input.parentId ?? null;
  await requireCreation(db, userId, input.spaceId, contentTypes([contentOf(root)]));
  if (parentId !== null) await liveTopicIn(db, input.spaceId, parentId);
  const creation = await db.transaction(async (tx) => {
    if (!(await repo.lockTemplate(tx, id, 'share'))) throw notFound();
    const row = await repo.insertCreation(tx, {
      templateId: id,
      spaceId: input.spaceId,
      parentId,
      name: input.name ?? null,
      userId,
    });
    await enqueueJob(
      tx,
      Job.createFromTemplate,
      { creationId: row.id },
      { maxAttempts: creationAttempts },
    );
    return row;
  });
  return presentCreation({ ...creation, kind: 'topic' });
}

const creationAttempts = 3;

/**
 * An empty page (its start screen) takes a page template's blocks, fresh ids, in one
 * transaction: the caller must edit the page, a space template fills pages of its own space only,
 * and a draft someone wrote in meanwhile, live or saved (or a revision other than `baseRevision`), is refused
 * with 409 + 100006.
 */
async function fillPage(
  db: Database,
  userId: number,
  node: TemplateNode,
  /** the template (null: a starter, which fills a page anywhere) */
  template: { scope: TemplateScope; spaceId: string | null } | null,
  input: FillPageRequest,
): Promise<PageRevision> {
  const { node: page } = await accessNode(db, userId, input.pageId, 'edit', 'page');
  if (template && !templateServesSpace(template, page.spaceId)) throw notFound();
  if (node.type !== 'page') {
    throw new AppError(ErrorCode.paramError, { detail: 'a topic template makes a topic' });
  }
  return db.transaction(async (tx) => {
    const now = new Date();
    const revision = await bumpDraftRevision(tx, page.id, input.baseRevision, userId, now);
    // the live document as it is now: what an editor typed a moment ago is not in the rows yet
    if (!isEmptyDraft(await currentDraft(tx, page.id, now))) {
      throw new AppError(ErrorCode.noRowsUpdated, { detail: 'the page is not empty' });
    }
    await replaceDraft(tx, page.id, freshBlocks(node.blocks), now);
    await enqueueJob(tx, Job.indexPage, { pageId: page.id }, { key: page.id });
    return { revision };
  });
}

export async function fillFromStarter(
  db: Database,
  userId: number,
  locale: Locale,
  key: StarterTemplateKey,
  input: FillPageRequest,
): Promise<PageRevision> {
  const { name, cover, blocks } = starter(locale, key);
  return fillPage(db, userId, { type: 'page', name, avatar: cover, blocks }, null, input);
}

export async function fillFromTemplate(
  db: Database,
  userId: number,
  id: string,
  input: FillPageRequest,
): Promise<PageRevision> {
  const template = await templateFor(db, userId, id, 'use');
  return fillPage(db, userId, template.content as TemplateNode, template, input);
}

export async function creationOf(
  db: Database,
  userId: number,
  creationId: string,
): Promise<TemplateCreation> {
  const row = await repo.findCreation(db, creationId);
  if (!row || !ownsCreation(userId, row)) throw notFound();
  return presentCreation({ ...row, kind: 'topic' });
}

/**
 * The `template.create` job: makes the topic subtree as its creator, in one transaction, and
 * ends the creation done; a refusal (access lost, a switch off, the parent gone) ends it failed
 * with the code, and nothing of the subtree stays.
 */
export function createFromTemplateHandler(db: Database): JobHandler<{ creationId: string }> {
  return async ({ creationId }, context) => {
    const creation = await repo.findCreation(db, creationId);
    if (!creation || creation.state !== 'pending') return;
    try {
      await db.transaction(async (tx) => {
        const template = await repo.findTemplate(tx, creation.templateId);
        if (!template) throw notFound();
        const root = template.content as TemplateNode;
        const topic = await makeNode(
          tx,
          creation.userId,
          creation.spaceId,
          creation.parentId,
          root,
          creation.name ?? root.name,
        );
        await repo.finishCreation(tx, creationId, { state: 'done', nodeId: topic.id });
      });
    } catch (error) {
      if (error instanceof AppError) {
        await repo.finishCreation(db, creationId, { state: 'failed', errorCode: error.code });
        return;
      }
      if (context.attempt >= creationAttempts) {
        await repo.finishCreation(db, creationId, {
          state: 'failed',
          errorCode: ErrorCode.serverError,
        });
      }
      throw error;
    }
  };
}
