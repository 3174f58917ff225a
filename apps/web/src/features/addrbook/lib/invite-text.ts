// How an invite of the 'New invites' list reads: one sentence per kind and direction, the person
// shown beside it, and the state's label.
import type { AddrbookInvite, InviteUser } from '@library/contract';
import type { TFunction } from 'i18next';

/** 'Lin asks to be your friend', 'You invited Chen to join Design', … */
export function inviteHeadline(invite: AddrbookInvite, t: TFunction): string {
  const from = invite.from.nickname;
  const to = invite.to?.nickname ?? '';
  const team = invite.team?.name ?? '';
  const received = invite.direction === 'received';
  switch (invite.kind) {
    case 'friendRequest':
      return received
        ? t('addrbook.invites.friendRequestReceived', { from })
        : t('addrbook.invites.friendRequestSent', { to });
    case 'teamInvitation':
      return received
        ? t('addrbook.invites.teamInvitationReceived', { from, team })
        : t('addrbook.invites.teamInvitationSent', { to, team });
    case 'teamJoinRequest':
      return received
        ? t('addrbook.invites.joinRequestReceived', { from, team })
        : t('addrbook.invites.joinRequestSent', { team });
  }
}

/** The person beside the invite: who asked me, or whom I asked (null: a team of my own request). */
export function inviteCounterpart(invite: AddrbookInvite): InviteUser | null {
  if (invite.direction === 'received') return invite.from;
  if (invite.kind === 'teamJoinRequest') return null;
  return invite.to;
}

export function inviteStateLabel(invite: AddrbookInvite, t: TFunction): string {
  if (invite.state === 'pending') {
    return invite.abilities.canAnswer
      ? t('addrbook.invites.states.waitingForMe')
      : t('addrbook.invites.states.waitingForOthers');
  }
  return t(`addrbook.invites.states.${invite.state}`);
}

/** The toast after answering. */
export function answeredMessage(invite: AddrbookInvite, accept: boolean, t: TFunction): string {
  const from = invite.from.nickname;
  const team = invite.team?.name ?? '';
  if (!accept) return t('addrbook.invites.declinedToast');
  switch (invite.kind) {
    case 'friendRequest':
      return t('addrbook.invites.friendAcceptedToast', { name: from });
    case 'teamInvitation':
      return t('addrbook.invites.invitationAcceptedToast', { team });
    case 'teamJoinRequest':
      return t('addrbook.invites.joinAcceptedToast', { name: from, team });
  }
}
