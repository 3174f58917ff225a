// The template calls (`/api/v1/template/…`, docs/api.md 'Templates') and their queries.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  FillPageRequest,
  PageRevision,
  SaveTemplateRequest,
  TemplateCreation,
  TemplateDetail,
  TemplateList,
  UpdateTemplateRequest,
  UseTemplateRequest,
} from '@library/contract';
import { api } from '../../../lib/api-client';

/** Which gallery tab a template comes from. */
export type TemplateSource = 'starter' | 'system' | 'space';

export const templateKeys = {
  all: ['templates'] as const,
  list: (source: TemplateSource, spaceId: string | null, locale: string) =>
    ['templates', 'list', source, spaceId, locale] as const,
  detail: (source: TemplateSource, id: string, locale: string) =>
    ['templates', 'detail', source, id, locale] as const,
};

const enc = encodeURIComponent;

/** `GET /api/v1/template/starter`, `GET /api/v1/template?scope&spaceId`. */
export function getTemplates(source: TemplateSource, spaceId: string | null, signal?: AbortSignal) {
  if (source === 'starter') return api.get<TemplateList>('/v1/template/starter', { signal });
  const query = source === 'space' ? `scope=space&spaceId=${enc(spaceId ?? '')}` : 'scope=system';
  return api.get<TemplateList>(`/v1/template?${query}`, { signal });
}

export function templatesQueryOptions(
  source: TemplateSource,
  spaceId: string | null,
  locale: string,
) {
  return queryOptions({
    queryKey: templateKeys.list(source, spaceId, locale),
    queryFn: async ({ signal }) => (await getTemplates(source, spaceId, signal)).list,
  });
}

export function useTemplates(
  source: TemplateSource,
  spaceId: string | null,
  locale: string,
  enabled = true,
) {
  return useQuery({ ...templatesQueryOptions(source, spaceId, locale), enabled });
}

/** `GET /api/v1/template/starter/{key}` or `/api/v1/template/{id}`: with its content. */
export function getTemplate(source: TemplateSource, id: string, signal?: AbortSignal) {
  const path = source === 'starter' ? `/v1/template/starter/${enc(id)}` : `/v1/template/${enc(id)}`;
  return api.get<TemplateDetail>(path, { signal });
}

export function useTemplate(source: TemplateSource, id: string | null, locale: string) {
  return useQuery({
    queryKey: templateKeys.detail(source, id ?? '', locale),
    queryFn: ({ signal }) => getTemplate(source, id ?? '', signal),
    enabled: id !== null,
  });
}

/** `POST /api/v1/template`: a page or a topic as a system or space template. */
export function saveTemplate(body: SaveTemplateRequest) {
  return api.post<TemplateDetail>('/v1/template', body);
}

/** `PUT /api/v1/template/{id}`. */
export function updateTemplate(id: string, body: UpdateTemplateRequest) {
  return api.put<TemplateDetail>(`/v1/template/${enc(id)}`, body);
}

/** `DELETE /api/v1/template/{id}` (409 + 700012 while a creation from it is pending). */
export function deleteTemplate(id: string) {
  return api.delete<null>(`/v1/template/${enc(id)}`);
}

/** `POST /api/v1/template/{id}/use` or `/starter/{key}/use`. */
export function createFromTemplate(source: TemplateSource, id: string, body: UseTemplateRequest) {
  const path =
    source === 'starter' ? `/v1/template/starter/${enc(id)}/use` : `/v1/template/${enc(id)}/use`;
  return api.post<TemplateCreation>(path, body);
}

/**
 * `POST /api/v1/template/{id}/fill` or `/starter/{key}/fill`: an empty page takes a page
 * template's blocks (409 + 100006 once someone wrote in it).
 */
export function fillPageFromTemplate(source: TemplateSource, id: string, body: FillPageRequest) {
  const path =
    source === 'starter' ? `/v1/template/starter/${enc(id)}/fill` : `/v1/template/${enc(id)}/fill`;
  return api.post<PageRevision>(path, body);
}

/** `GET /api/v1/template/creation/{id}`. */
export function getCreation(id: string) {
  return api.get<TemplateCreation>(`/v1/template/creation/${enc(id)}`);
}

/** Polls a pending creation until it is done or failed (about a minute at most). */
export async function settledCreation(
  creation: TemplateCreation,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<TemplateCreation> {
  let current = creation;
  for (let tries = 0; current.state === 'pending' && current.creationId && tries < 120; tries++) {
    await wait(500);
    current = await getCreation(current.creationId);
  }
  return current;
}
