import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@library/contract';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth';

/** `PUT /api/v1/user/password`: the old password is needed when the account has one. */
export function changePassword(body: ChangePasswordRequest): Promise<null> {
  return api.put<null>('/v1/user/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
