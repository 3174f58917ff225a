// The system roles and the resource catalogue (/sys/permission; the users grid's role filter).
import { useQuery } from '@tanstack/react-query';
import {
  systemResourceListResponseSchema,
  systemRoleListResponseSchema,
  type SystemRole,
  type UpdateRoleRequest,
} from '@library/contract';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/system/v1/roles`: every role with its resources, switches and holders. */
export async function getRoles(signal?: AbortSignal): Promise<SystemRole[]> {
  return systemRoleListResponseSchema.parse(await api.get<unknown>('/system/v1/roles', { signal }))
    .list;
}

export function useRoles() {
  return useQuery({ queryKey: adminKeys.roles(), queryFn: ({ signal }) => getRoles(signal) });
}

/** `GET /api/system/v1/resources`: the menus and calls a role can be granted. */
export async function getResources(signal?: AbortSignal) {
  return systemResourceListResponseSchema.parse(
    await api.get<unknown>('/system/v1/resources', { signal }),
  ).list;
}

export function useResources() {
  return useQuery({
    queryKey: adminKeys.resources(),
    queryFn: ({ signal }) => getResources(signal),
    staleTime: Infinity,
  });
}

/** `POST /api/system/v1/roles`. */
export function createRole(body: { name: string; title: string }) {
  return api.post<SystemRole>('/system/v1/roles', body);
}

/** `PUT /api/system/v1/roles/{name}`: rename, retitle, resources, switches (null = not set). */
export function updateRole(name: string, body: UpdateRoleRequest) {
  return api.put<SystemRole>(`/system/v1/roles/${encodeURIComponent(name)}`, body);
}

/** `DELETE /api/system/v1/roles/{name}` (refused while anyone holds it, and for built-ins). */
export function deleteRole(name: string) {
  return api.delete<null>(`/system/v1/roles/${encodeURIComponent(name)}`);
}
