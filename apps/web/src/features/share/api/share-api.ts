// The share calls that manage a space's links (docs/api.md 'Shares'); reading through a link
// is features/share-view's.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateShareRequest,
  Share,
  ShareSettingsRequest,
  SpaceShareList,
  UpdateShareRequest,
} from '@library/contract';
import { api } from '../../../lib/api-client';

const encode = encodeURIComponent;

export const shareKeys = {
  all: ['share'] as const,
  space: (spaceId: string) => ['share', 'space', spaceId] as const,
};

// --- managing -----------------------------------------------------------------------------

export function useSpaceShares(spaceId: string, enabled = true) {
  return useQuery({
    queryKey: shareKeys.space(spaceId),
    queryFn: ({ signal }) =>
      api.get<SpaceShareList>(`/v1/share/space/${encode(spaceId)}`, { signal }),
    enabled,
  });
}

export function useCreateShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareRequest) => api.post<Share>('/v1/share', body),
    onSuccess: (share) =>
      void client.invalidateQueries({ queryKey: shareKeys.space(share.spaceId) }),
  });
}

export function useUpdateShare(spaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, body }: { shareId: string; body: UpdateShareRequest }) =>
      api.put<Share>(`/v1/share/${encode(shareId)}`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareKeys.space(spaceId) }),
  });
}

export function useRevokeShare(spaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api.delete<null>(`/v1/share/${encode(shareId)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareKeys.space(spaceId) }),
  });
}

export function useShareSettings(spaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareSettingsRequest) =>
      api.put<null>(`/v1/share/space/${encode(spaceId)}/settings`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareKeys.space(spaceId) }),
  });
}

/** The full link of a share, for copying. */
export function shareLink(path: string): string {
  return `${window.location.origin}${path}`;
}
