import type { TreeLink, TreePage, TreeTopic } from '@library/contract';
import { api } from '../../../lib/api-client';

const base = (spaceId: string) => `/v2/space/${encodeURIComponent(spaceId)}`;

/** `POST /api/v2/space/{id}/topic`. */
export function createTopic(spaceId: string, name: string, parentId: string | null) {
  return api.post<TreeTopic>(`${base(spaceId)}/topic`, { name, parentId });
}

/** `POST /api/v2/space/{id}/page`. */
export function createPage(spaceId: string, name: string, parentId: string | null) {
  return api.post<TreePage>(`${base(spaceId)}/page`, { name, parentId });
}

/** `POST /api/v2/space/{id}/link`. */
export function createLink(spaceId: string, name: string, url: string, parentId: string | null) {
  return api.post<TreeLink>(`${base(spaceId)}/link`, { name, url, parentId });
}
