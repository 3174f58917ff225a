// The address book's public entry for other features: the pending-invite count for the sidebar
// badge, and pickers of my friends and teams (a space's member groups take both). The
// address-book screens themselves are routes.
export { usePendingInviteCount } from './api/get-invite-count';
export { useAllFriends } from './api/get-friends';
export { useTeams } from './api/get-teams';
