// The AI feature's public entry: the space view reads the space's AI detail (its chat tab shows
// while the AI is on), invalidates it and shows its AI settings. The chat screens are routes,
// loaded by the app's route table. The share viewer asks through a link with `postForAnswer` and
// shows the answer with `AnswerMarkdown`.
export { aiKeys } from './api/ai-keys';
export { spaceAiQueryOptions } from './api/get-space-ai';
export { SpaceAiSettings } from './components/SpaceAiSettings';
export {
  AnswerStreamError,
  postEventStream,
  postForAnswer,
  type AnswerFailure,
  type FinalAnswer,
} from './api/stream-answer';
export { AnswerMarkdown } from './components/AnswerMarkdown';
export { useFailureText } from './hooks/use-failure-text';
