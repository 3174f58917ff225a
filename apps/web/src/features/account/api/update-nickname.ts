import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UserInfo } from '@library/contract';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth';

/** `PUT /api/v1/user`: changes the nickname. */
export function updateNickname(body: UpdateProfileRequest): Promise<UserInfo> {
  return api.put<UserInfo>('/v1/user', body);
}

export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNickname,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
