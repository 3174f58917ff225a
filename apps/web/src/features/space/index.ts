// The space feature's public entry: "my spaces" in the app shell's sidebar. The space screens are
// routes, loaded by the app's route table; the space list itself is shared data
// (lib/space-groups.ts).
export { SpaceList } from './components/SpaceList';
export { useSpacePeople } from './api/get-member-groups';
