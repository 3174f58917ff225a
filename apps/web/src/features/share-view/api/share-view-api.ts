// Reading through a share's link (docs/api.md 'Shares'): reads send the unlock's grant as a
// header; file URLs (images, downloads) carry it as `?grant=`.
import {
  shareGrantHeader,
  shareGrantQuery,
  type CommentList,
  type PageBlocks,
  type PageDetail,
  type ShareGrant,
  type ShareMeta,
  type TreeNode,
} from '@library/contract';
import { api, apiBase } from '../../../lib/api-client';
import { postForAnswer } from '../../ai';

const encode = encodeURIComponent;

const grantStorageKey = (token: string) => `share-grant:${token}`;

/** The grant of an unlock in this tab (kept for the tab's life, never in localStorage). */
export function savedGrant(token: string): string | null {
  try {
    return sessionStorage.getItem(grantStorageKey(token));
  } catch {
    return null;
  }
}

export function saveGrant(token: string, grant: string | null) {
  try {
    if (grant) sessionStorage.setItem(grantStorageKey(token), grant);
    else sessionStorage.removeItem(grantStorageKey(token));
  } catch {
    // storage blocked: the grant lives in memory for this visit
  }
}

const viewPath = (token: string) => `/v1/share/s/${encode(token)}`;
const grantHeaders = (grant: string | null) =>
  grant ? { headers: { [shareGrantHeader]: grant } } : {};

type AnswerEvent = Parameters<typeof postForAnswer>[0]['onEvent'];

export const shareView = {
  /** A question to the share's AI: the answer as server-sent events (like the AI chat's). */
  ask: (
    token: string,
    grant: string | null,
    question: string,
    signal: AbortSignal,
    onEvent: AnswerEvent,
  ) =>
    postForAnswer({
      path: `${viewPath(token)}/ask`,
      body: { question },
      ...(grant ? { headers: { [shareGrantHeader]: grant } } : {}),
      signal,
      onEvent,
    }),
  meta: (token: string, grant: string | null, signal?: AbortSignal) =>
    api.get<ShareMeta>(viewPath(token), { signal, silent: true, ...grantHeaders(grant) }),
  unlock: (token: string, password: string) =>
    api.post<ShareGrant>(`${viewPath(token)}/unlock`, { password }, { silent: true }),
  tree: (token: string, grant: string | null, signal?: AbortSignal) =>
    api.get<TreeNode[]>(`${viewPath(token)}/tree`, {
      signal,
      silent: true,
      ...grantHeaders(grant),
    }),
  page: (token: string, grant: string | null, pageId: string, signal?: AbortSignal) =>
    api.get<PageDetail>(`${viewPath(token)}/page/${encode(pageId)}`, {
      signal,
      silent: true,
      ...grantHeaders(grant),
    }),
  blocks: (token: string, grant: string | null, pageId: string, signal?: AbortSignal) =>
    api.get<PageBlocks>(`${viewPath(token)}/page/${encode(pageId)}/blocks`, {
      signal,
      silent: true,
      ...grantHeaders(grant),
    }),
  comments: (token: string, grant: string | null, pageId: string, signal?: AbortSignal) =>
    api.get<CommentList>(`${viewPath(token)}/page/${encode(pageId)}/comment`, {
      signal,
      silent: true,
      query: { page: 0, pageSize: 50 },
      ...grantHeaders(grant),
    }),
};

/** A file's URL through the share (inline, or as an attachment), with the grant in the query. */
export function shareFileUrl(
  token: string,
  grant: string | null,
  fileId: string,
  download = false,
): string {
  const query = grant ? `?${shareGrantQuery}=${encode(grant)}` : '';
  return `${apiBase}${viewPath(token)}/file/${encode(fileId)}${download ? '/download' : ''}${query}`;
}
