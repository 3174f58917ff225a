// The address book's public entry for other features: pickers of my friends and teams (a space's
// member groups take both). The address-book screens themselves are routes.
export { useAllFriends } from './api/get-friends';
export { useTeams } from './api/get-teams';
