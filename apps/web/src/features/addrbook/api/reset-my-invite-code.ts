import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteCodeResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `PUT /api/v1/user/inviteCode`: a new invite code; links and QR codes with the old one stop working. */
export function resetMyInviteCode(): Promise<InviteCodeResponse> {
  return api.put<InviteCodeResponse>('/v1/user/inviteCode');
}

export function useResetMyInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetMyInviteCode,
    onSuccess: (code) => queryClient.setQueryData(addrbookKeys.myInviteCode, code),
  });
}
