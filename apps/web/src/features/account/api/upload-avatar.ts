import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@library/contract';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth';

const uploadTimeoutMs = 60_000;

/** `POST /api/v1/user/avatar`: multipart field `file`, an image of at most `limits.avatarMaxBytes`. */
export function uploadAvatar(file: Blob): Promise<UserInfo> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UserInfo>('/v1/user/avatar', form, { timeoutMs: uploadTimeoutMs });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
