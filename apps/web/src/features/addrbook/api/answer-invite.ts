// Answering an invite of the 'New invites' list: each kind has its own call, all taking the
// inviteId (the row's id) — `PUT /api/v1/friend/request/{id}`, `PUT /api/v1/team/invitation/{id}`,
// `PUT /api/v1/team/joinRequest/{id}`, each `{accept}` and answered once (500002).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteKind } from '@library/contract';
import { api } from '../../../lib/api-client';
import { refreshFriends, refreshInvites, refreshTeams } from './keys';

const answerPaths: Record<InviteKind, string> = {
  friendRequest: '/v1/friend/request',
  teamInvitation: '/v1/team/invitation',
  teamJoinRequest: '/v1/team/joinRequest',
};

export interface InviteAnswer {
  kind: InviteKind;
  inviteId: string;
  accept: boolean;
}

export function answerInvite({ kind, inviteId, accept }: InviteAnswer): Promise<unknown> {
  return api.put<unknown>(`${answerPaths[kind]}/${encodeURIComponent(inviteId)}`, { accept });
}

export function useAnswerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvite,
    // answered or not (500002: answered elsewhere meanwhile), the list and the badge ask again;
    // not awaited, so the answer's toast need not wait for them
    onSettled: (_data, _error, answer) => {
      void refreshInvites(queryClient);
      void (answer.kind === 'friendRequest'
        ? refreshFriends(queryClient)
        : refreshTeams(queryClient));
    },
  });
}
