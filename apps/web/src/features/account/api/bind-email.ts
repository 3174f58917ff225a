import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindEmailRequest, UserInfo } from '@library/contract';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth';

/** `PUT /api/v1/user/email`: binds or changes the e-mail (current password when there is one). */
export function bindEmail(body: BindEmailRequest): Promise<UserInfo> {
  return api.put<UserInfo>('/v1/user/email', body);
}

export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
