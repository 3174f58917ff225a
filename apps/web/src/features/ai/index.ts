// The AI feature's public entry: the space view invalidates the space's AI detail and shows its
// AI settings. The chat screens are routes, loaded by the app's route table.
export { aiKeys } from './api/ai-keys';
export { SpaceAiSettings } from './components/SpaceAiSettings';
