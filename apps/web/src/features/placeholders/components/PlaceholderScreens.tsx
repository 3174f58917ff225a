// Screens whose routes, parameters and guard rules are real but whose content arrives with later
// issues (the address book).
import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

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
