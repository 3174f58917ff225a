// Screens whose routes, parameters and guard rules are real but whose content arrives with later
// issues (address book, spaces, AI chat, open spaces).
import { useParams } from 'react-router';
import { ComingSoon } from './ComingSoon';

export function AddressBookScreen() {
  return <ComingSoon featureKey="routes.addressBook" />;
}

export function AddressBookInviteScreen() {
  const { inviteId } = useParams();
  return (
    <ComingSoon
      featureKey="routes.addressBookInvite"
      details={[{ labelKey: 'placeholder.inviteId', value: inviteId }]}
    />
  );
}

export function AddressBookTeamScreen() {
  const { teamId } = useParams();
  return (
    <ComingSoon
      featureKey="routes.addressBookTeam"
      details={[{ labelKey: 'placeholder.teamId', value: teamId }]}
    />
  );
}

export function AddressBookFriendScreen() {
  const { friendId } = useParams();
  return (
    <ComingSoon
      featureKey="routes.addressBookFriend"
      details={[{ labelKey: 'placeholder.friendId', value: friendId }]}
    />
  );
}

function useSpaceDetails() {
  const { spaceId, pageId, conversationId } = useParams();
  return [
    { labelKey: 'placeholder.spaceId' as const, value: spaceId },
    { labelKey: 'placeholder.pageId' as const, value: pageId },
    { labelKey: 'placeholder.conversationId' as const, value: conversationId },
  ];
}

export function SpaceAiScreen() {
  return <ComingSoon featureKey="routes.spaceAi" details={useSpaceDetails()} />;
}

export function OpenSpaceScreen() {
  return <ComingSoon featureKey="routes.openSpace" details={useSpaceDetails()} />;
}

export function OpenSpacePageScreen() {
  return <ComingSoon featureKey="routes.spacePage" details={useSpaceDetails()} />;
}

export function OpenSpaceAiScreen() {
  return <ComingSoon featureKey="routes.spaceAi" details={useSpaceDetails()} />;
}

export function OpenSpaceMobileScreen() {
  return <ComingSoon featureKey="routes.openSpaceMobile" />;
}

export function OpenEntryScreen() {
  return <ComingSoon featureKey="routes.openEntry" details={useSpaceDetails()} />;
}

export function SpaceMobileListScreen() {
  return <ComingSoon featureKey="routes.spaceMobileList" />;
}

export function SpaceMobileScreen() {
  return <ComingSoon featureKey="routes.space" details={useSpaceDetails()} />;
}
