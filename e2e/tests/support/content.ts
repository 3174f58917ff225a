// What the specs build their content from: a new user's first space, BlockNote blocks, and the
// state of a space's AI index.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from './api';
import { expect, newMobile } from './fixtures';
import { loginBySms } from './login';

/** Registers a new user by SMS from the front page and makes a space; answers its id. */
export async function newUserWithSpace(page: Page, request: APIRequestContext, name: string) {
  await page.goto('/');
  await loginBySms(page, newMobile());
  await expect(page).toHaveURL(/\/home$/);
  return apiAs<{ spaceId: string }>(page, request, 'POST', '/v2/space', { name });
}

export function paragraph(id: string, text: string) {
  return {
    id,
    type: 'paragraph',
    props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
    content: [{ type: 'text', text, styles: {} }],
    children: [],
  };
}

/** A heading starts a new passage of the index, so the block after it is the one cited. */
export function heading(id: string, text: string) {
  const block = paragraph(id, text);
  return { ...block, type: 'heading', props: { ...block.props, level: 2 } };
}

export interface SpaceAi {
  chat: { id: string } | null;
  index: { documents: number; pending: number };
}

/** The documents in the space's AI index once nothing is pending, else -1 (for expect.poll). */
export async function indexedDocuments(page: Page, request: APIRequestContext, spaceId: string) {
  const ai = await apiAs<SpaceAi>(page, request, 'GET', `/v1/ai/${spaceId}`);
  return ai.index.pending === 0 ? ai.index.documents : -1;
}

/** A page holding these blocks, published as 'v1' unless `publish` is false; answers its id. */
export async function pageWith(
  page: Page,
  request: APIRequestContext,
  spaceId: string,
  name: string,
  blocks: Array<{ id: string } & Record<string, unknown>>,
  { publish = true }: { publish?: boolean } = {},
) {
  const { pageId } = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${spaceId}/page`,
    { name },
  );
  await apiAs(page, request, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: blocks.map((block) => ({ op: 'upsert', blockId: block.id, data: block })),
  });
  if (publish) {
    await apiAs(page, request, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
  }
  return pageId;
}

/**
 * Adds the person with this phone number to the space in a new member group of `role`, as the
 * owner logged in on `page`; answers the group's id.
 */
export async function addToSpace(
  page: Page,
  request: APIRequestContext,
  spaceId: string,
  role: 'reader' | 'editor',
  mobile: string,
) {
  const group = await apiAs<{ memberGroupId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${spaceId}/memberGroup`,
    { name: role === 'reader' ? '读者' : '编辑', role },
  );
  await apiAs(page, request, 'POST', `/v2/space/memberGroup/${group.memberGroupId}/member`, {
    memberType: 'user',
    account: mobile,
  });
  return group.memberGroupId;
}
